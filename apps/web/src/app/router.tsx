import { matchPath, Navigate, Outlet, type RouteObject } from 'react-router';
import { lazyScreen, type LazyScreen } from '@/lib/lazy-screen';
import { paths } from '@/lib/paths';
import { AfterSignIn, AppRoot, BySession, ToLoginRemembering } from './root';

// Every screen is its own chunk: the login page should not pay for the mail client.
const LoginPage = lazyScreen(() => import('@/features/auth/components/LoginPage').then((m) => m.LoginPage));
const AuthCallbackPage = lazyScreen(() =>
  import('@/features/auth/components/AuthCallbackPage').then((m) => m.AuthCallbackPage),
);
const AppLayout = lazyScreen(() => import('./layout/AppLayout').then((m) => m.AppLayout));
const DashboardRoute = lazyScreen(() => import('./routes/DashboardRoute').then((m) => m.DashboardRoute));
const MailboxPage = lazyScreen(() =>
  import('@/features/mailbox/components/MailboxPage').then((m) => m.MailboxPage),
);
const ComposePage = lazyScreen(() =>
  import('@/features/compose/components/ComposePage').then((m) => m.ComposePage),
);
const MessageRoute = lazyScreen(() => import('./routes/MessageRoute').then((m) => m.MessageRoute));
const OriginalPage = lazyScreen(() =>
  import('@/features/message/components/OriginalPage').then((m) => m.OriginalPage),
);
const FiltersPage = lazyScreen(() =>
  import('@/features/filters/components/FiltersPage').then((m) => m.FiltersPage),
);
const NotificationsPage = lazyScreen(() =>
  import('@/features/notifications/components/NotificationsPage').then((m) => m.NotificationsPage),
);
const TemplatesPage = lazyScreen(() =>
  import('@/features/templates/components/TemplatesPage').then((m) => m.TemplatesPage),
);
const SignaturesPage = lazyScreen(() =>
  import('@/features/signatures/components/SignaturesPage').then((m) => m.SignaturesPage),
);

/** The screen each signed-in path shows inside the layout. */
const signedInScreens: [pattern: string, screen: LazyScreen<object>][] = [
  [paths.root, DashboardRoute],
  [paths.dashboard, DashboardRoute],
  [paths.mailboxPattern, MailboxPage],
  [paths.compose, ComposePage],
  [paths.messagePattern, MessageRoute],
  [paths.messageOriginalPattern, OriginalPage],
  [paths.filters, FiltersPage],
  [paths.notifications, NotificationsPage],
  [paths.templates, TemplatesPage],
  [paths.signatures, SignaturesPage],
];

/**
 * Loads the code the first screen needs beside the translations, instead of after them and one
 * chunk after another (issue 17): the layout and the page for a signed-in visitor, the login page
 * otherwise. main.tsx renders once this settles, so the first render needs to wait for nothing.
 */
export function preloadFirstScreen(pathname: string, signedIn: boolean): Promise<unknown> {
  if (!signedIn) return pathname === paths.authCallback ? AuthCallbackPage.preload() : LoginPage.preload();
  const screen = signedInScreens.find(([pattern]) => matchPath(pattern, pathname))?.[1] ?? DashboardRoute;
  return Promise.all([AppLayout.preload(), screen.preload()]);
}

const toDashboard = <Navigate to={paths.dashboard} replace />;

/**
 * The route table of SPEC §2 for createBrowserRouter (a data router, so that useBlocker can hold
 * back a Back button press). One table for both sides: the elements that differ read the auth
 * store (BySession), so the router, its history and its blocker live for the whole visit.
 */
export const appRoutes: RouteObject[] = [
  {
    element: <AppRoot />,
    children: [
      { path: paths.login, element: <BySession signedIn={toDashboard} signedOut={<LoginPage />} /> },
      // Signed in at the end of the OpenID callback: on to where the visitor was going.
      {
        path: paths.authCallback,
        element: <BySession signedIn={<AfterSignIn />} signedOut={<AuthCallbackPage />} />,
      },
      {
        element: <BySession signedIn={<Outlet />} signedOut={<ToLoginRemembering />} />,
        children: [
          { path: paths.root, element: toDashboard },
          {
            element: <AppLayout />,
            children: [
              { path: paths.dashboard, element: <DashboardRoute /> },
              { path: paths.mailboxPattern, element: <MailboxPage /> },
              { path: paths.compose, element: <ComposePage /> },
              { path: paths.messagePattern, element: <MessageRoute /> },
              { path: paths.messageOriginalPattern, element: <OriginalPage /> },
              { path: paths.filters, element: <FiltersPage /> },
              { path: paths.notifications, element: <NotificationsPage /> },
              { path: paths.templates, element: <TemplatesPage /> },
              { path: paths.signatures, element: <SignaturesPage /> },
            ],
          },
          { path: '*', element: toDashboard },
        ],
      },
    ],
  },
];
