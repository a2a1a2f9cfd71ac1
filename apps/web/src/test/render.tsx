import { render } from '@testing-library/react';
import { StrictMode, type ReactElement } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { ToastViewport } from '@/components/ui/ToastViewport';

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

/** Renders one screen at a path, with a marker page for every other path it may go to. */
export function renderScreen(path: string, pattern: string, screen: ReactElement) {
  return render(
    <StrictMode>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path={pattern} element={screen} />
          <Route path="*" element={<p>elsewhere</p>} />
        </Routes>
        <LocationProbe />
      </MemoryRouter>
      <ToastViewport />
    </StrictMode>,
  );
}
