import { lazy, Suspense, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { matchPath, Navigate, useLocation, useRoutes, type RouteObject } from 'react-router';
import { FullScreenSpinner } from '@/components/ui/Spinner';
import { rememberReturnTo, takeReturnTo } from '@/features/auth/return-to';
import { useAuthStore } from '@/features/auth/store';
import { paths } from '@/lib/paths';

// Every screen is its own chunk: the login page should not pay for the mail client.
const load = {
  login: () => import('@/features/auth/components/LoginPage'),
  authCallback: () => import('@/features/auth/components/AuthCallbackPage'),
  layout: () => import('./layout/AppLayout'),
  dashboard: () => import('./routes/DashboardRoute'),
  mailbox: () => import('@/features/mailbox/components/MailboxPage'),
  compose: () => import('@/features/compose/components/ComposePage'),
  message: () => import('./routes/MessageRoute'),
  original: () => import('@/features/message/components/OriginalPage'),
  filters: () => import('@/features/filters/components/FiltersPage'),
  notifications: () => import('@/features/notifications/components/NotificationsPage'),
  templates: () => import('@/features/templates/components/TemplatesPage'),
  signatures: () => import('@/features/signatures/components/SignaturesPage'),
};

const LoginPage = lazy(() => load.login().then((m) => ({ default: m.LoginPage })));
const AuthCallbackPage = lazy(() => load.authCallback().then((m) => ({ default: m.AuthCallbackPage })));
const AppLayout = lazy(() => load.layout().then((m) => ({ default: m.AppLayout })));
const DashboardRoute = lazy(() => load.dashboard().then((m) => ({ default: m.DashboardRoute })));
const MailboxPage = lazy(() => load.mailbox().then((m) => ({ default: m.MailboxPage })));
const ComposePage = lazy(() => load.compose().then((m) => ({ default: m.ComposePage })));
const MessageRoute = lazy(() => load.message().then((m) => ({ default: m.MessageRoute })));
const OriginalPage = lazy(() => load.original().then((m) => ({ default: m.OriginalPage })));
const FiltersPage = lazy(() => load.filters().then((m) => ({ default: m.FiltersPage })));
const NotificationsPage = lazy(() => load.notifications().then((m) => ({ default: m.NotificationsPage })));
const TemplatesPage = lazy(() => load.templates().then((m) => ({ default: m.TemplatesPage })));
const SignaturesPage = lazy(() => load.signatures().then((m) => ({ default: m.SignaturesPage })));

/** The screen each signed-in path shows inside the layout. */
const signedInScreens: [pattern: string, loader: () => Promise<unknown>][] = [
  [paths.root, load.dashboard],
  [paths.dashboard, load.dashboard],
  [paths.mailboxPattern, load.mailbox],
  [paths.compose, load.compose],
  [paths.messagePattern, load.message],
  [paths.messageOriginalPattern, load.original],
  [paths.filters, load.filters],
  [paths.notifications, load.notifications],
  [paths.templates, load.templates],
  [paths.signatures, load.signatures],
];

/**
 * Starts fetching the code the first screen needs while the translations load, instead of after
 * them and one chunk after another (issue 17): the layout and the page for a signed-in visitor,
 * the login page otherwise. React.lazy later finds the modules already there.
 */
export function preloadFirstScreen(pathname: string, signedIn: boolean): void {
  if (!signedIn) {
    if (pathname !== paths.authCallback) void load.login();
    return;
  }
  const screen = signedInScreens.find(([pattern]) => matchPath(pattern, pathname));
  void load.layout();
  void (screen?.[1] ?? load.dashboard)();
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
