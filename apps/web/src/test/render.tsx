import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { StrictMode, type ReactElement, type ReactNode } from 'react';
import { createMemoryRouter, Outlet, RouterProvider, useLocation } from 'react-router';
import { LeaveGuardHost } from '@/components/LeaveGuard';
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

/** What the app's root route puts around every page that matters to a screen's test. */
function AppShell() {
  return (
    <LeaveGuardHost>
      <Outlet />
      <LocationProbe />
    </LeaveGuardHost>
  );
}

/**
 * Renders one screen the way the app does: in a data router under the leave-guard host, with the
 * server-state cache, a marker page for every other path, and `earlier` pages before it in the
 * history so that Back has somewhere to go. Returns what render returns, and the router.
 */
export function renderScreen(path: string, pattern: string, screen: ReactElement, earlier: string[] = []) {
  const router = createMemoryRouter(
    [
      {
        element: <AppShell />,
        children: [
          { path: pattern, element: screen },
          { path: '*', element: <p>elsewhere</p> },
        ],
      },
    ],
    { initialEntries: [...earlier, path], initialIndex: earlier.length },
  );
  const result = render(
    <StrictMode>
      <WithQueryClient>
        <RouterProvider router={router} />
      </WithQueryClient>
      <ToastViewport />
    </StrictMode>,
  );
  return { ...result, router };
}
