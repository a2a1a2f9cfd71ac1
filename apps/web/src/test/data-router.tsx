import { render } from '@testing-library/react';
import { StrictMode, type ReactElement } from 'react';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router';
import { LeaveGuardHost } from '@/components/LeaveGuard';
import { ToastViewport } from '@/components/ui/ToastViewport';
import { LocationProbe } from './render';

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
 * Renders one screen the way the app does: in a data router, under the leave-guard host, with
 * `earlier` pages before it in the history so that Back has somewhere to go. Returns the router.
 */
export function renderRouted(path: string, pattern: string, screen: ReactElement, earlier: string[] = []) {
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
  render(
    <StrictMode>
      <RouterProvider router={router} />
      <ToastViewport />
    </StrictMode>,
  );
  return router;
}
