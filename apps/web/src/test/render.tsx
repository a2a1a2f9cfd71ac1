import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { StrictMode, type ReactElement, type ReactNode } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { ToastViewport } from '@/components/ui/ToastViewport';
import { queryClient } from '@/lib/query-client';

/** Shows the current location so tests can assert where the app went. */
export function LocationProbe() {
  const location = useLocation();
  return (
    <span hidden data-testid="location">
      {location.pathname + location.search}
    </span>
  );
}

export function currentLocation(): string {
  return document.querySelector('[data-testid="location"]')?.textContent ?? '';
}

/** Gives a tree the app's server-state cache (emptied after each case by setup.ts). */
export function WithQueryClient({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}

/** Renders one screen at a path, with a marker page for every other path it may go to. */
export function renderScreen(path: string, pattern: string, screen: ReactElement) {
  return render(
    <StrictMode>
      <WithQueryClient>
        <MemoryRouter initialEntries={[path]}>
          <Routes>
            <Route path={pattern} element={screen} />
            <Route path="*" element={<p>elsewhere</p>} />
          </Routes>
          <LocationProbe />
        </MemoryRouter>
      </WithQueryClient>
      <ToastViewport />
    </StrictMode>,
  );
}
