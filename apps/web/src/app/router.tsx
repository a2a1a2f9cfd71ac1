import { lazy, Suspense, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation, useRoutes, type RouteObject } from 'react-router';
import { FullScreenSpinner } from '@/components/ui/Spinner';
import { rememberReturnTo, takeReturnTo } from '@/features/auth/return-to';
import { useAuthStore } from '@/features/auth/store';
import { paths } from '@/lib/paths';

// Every screen is its own chunk: the login page should not pay for the mail client.
const LoginPage = lazy(() =>
  import('@/features/auth/components/LoginPage').then((m) => ({ default: m.LoginPage })),
);
const AuthCallbackPage = lazy(() =>
  import('@/features/auth/components/AuthCallbackPage').then((m) => ({ default: m.AuthCallbackPage })),
);
const AppLayout = lazy(() => import('./layout/AppLayout').then((m) => ({ default: m.AppLayout })));
const DashboardRoute = lazy(() =>
  import('./routes/DashboardRoute').then((m) => ({ default: m.DashboardRoute })),
);
const MailboxPage = lazy(() =>
  import('@/features/mailbox/components/MailboxPage').then((m) => ({ default: m.MailboxPage })),
);
const ComposePage = lazy(() =>
  import('@/features/compose/components/ComposePage').then((m) => ({ default: m.ComposePage })),
);
const MessageRoute = lazy(() => import('./routes/MessageRoute').then((m) => ({ default: m.MessageRoute })));
const OriginalPage = lazy(() =>
  import('@/features/message/components/OriginalPage').then((m) => ({ default: m.OriginalPage })),
);
const FiltersPage = lazy(() =>
  import('@/features/filters/components/FiltersPage').then((m) => ({ default: m.FiltersPage })),
);
const NotificationsPage = lazy(() =>
  import('@/features/notifications/components/NotificationsPage').then((m) => ({
    default: m.NotificationsPage,
  })),
);
const TemplatesPage = lazy(() =>
  import('@/features/templates/components/TemplatesPage').then((m) => ({ default: m.TemplatesPage })),
);
const SignaturesPage = lazy(() =>
  import('@/features/signatures/components/SignaturesPage').then((m) => ({ default: m.SignaturesPage })),
);

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
