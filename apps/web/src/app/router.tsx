import { Suspense, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { matchPath, Navigate, useLocation, useRoutes, type RouteObject } from 'react-router';
import { FullScreenSpinner } from '@/components/ui/Spinner';
import { rememberReturnTo, takeReturnTo } from '@/features/auth/return-to';
import { useAuthStore } from '@/features/auth/store';
import { lazyScreen, type LazyScreen } from '@/lib/lazy-screen';
import { paths } from '@/lib/paths';

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

const signedInRoutes: RouteObject[] = [
  { path: paths.root, element: toDashboard },
  // Signed in at the end of the OpenID callback: on to where the visitor was going.
  { path: paths.authCallback, element: <AfterSignIn /> },
  { path: paths.login, element: toDashboard },
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
];

const signedOutRoutes: RouteObject[] = [
  { path: paths.login, element: <LoginPage /> },
  { path: paths.authCallback, element: <AuthCallbackPage /> },
  { path: '*', element: <ToLoginRemembering /> },
];

function AfterSignIn() {
  return <Navigate to={takeReturnTo() ?? paths.dashboard} replace />;
}

/** A signed-out visit to a page of the app: sign in first, then land there (the OpenID journey). */
function ToLoginRemembering() {
  const location = useLocation();
  useEffect(() => {
    rememberReturnTo(`${location.pathname}${location.search}${location.hash}`);
  }, [location]);
  return <Navigate to={paths.login} replace />;
}

/** The signed-in or signed-out route table of SPEC §2, once the auth check has settled. */
export function AppRoutes() {
  const { t } = useTranslation('common');
  const isInitialized = useAuthStore((state) => state.isInitialized);
  const isAuthenticated = useAuthStore((state) => state.isAuthenticated);
  const routes = useRoutes(isAuthenticated ? signedInRoutes : signedOutRoutes);

  useEffect(() => {
    void useAuthStore.getState().initialize();
  }, []);

  if (!isInitialized) return <FullScreenSpinner label={t('loading')} />;
  return <Suspense fallback={<FullScreenSpinner label={t('loading')} />}>{routes}</Suspense>;
}
