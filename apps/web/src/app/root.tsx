import { Suspense, useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Outlet, useLocation } from 'react-router';
import { LeaveGuardHost } from '@/components/LeaveGuard';
import { FullScreenSpinner } from '@/components/ui/Spinner';
import { lazyScreen } from '@/lib/lazy-screen';
import { rememberReturnTo, takeReturnTo } from '@/features/auth/return-to';
import { useAuthStore } from '@/features/auth/store';
import { storedLanguage } from '@/lib/i18n';
import { paths } from '@/lib/paths';
import { ErrorBoundary } from './error-boundary';
import { SessionEvents } from './session-events';

// Needed only once a session ends while a page is open (issue 34).
const SessionEndedDialog = lazyScreen(() =>
  import('@/features/auth/components/SessionEndedDialog').then((m) => m.SessionEndedDialog),
);

// Shown before any translation has loaded, so it cannot come from the catalogues.
const LOADING_TEXT = { ko: '불러오는 중…', en: 'Loading…' } as const;

/** The root route's element: the error screen, the session toasts and the leave guards around every page. */
export function AppRoot() {
  return (
    <ErrorBoundary>
      <Suspense fallback={<FullScreenSpinner label={LOADING_TEXT[storedLanguage()]} />}>
        <SessionEvents />
        <LeaveGuardHost>
          <AuthSettled />
        </LeaveGuardHost>
      </Suspense>
    </ErrorBoundary>
  );
}

/** A spinner until the stored session has been checked, then the page (a lazy screen may still load). */
function AuthSettled() {
  const { t } = useTranslation('common');
  const isInitialized = useAuthStore((state) => state.isInitialized);

  useEffect(() => {
    void useAuthStore.getState().initialize();
  }, []);

  if (!isInitialized) return <FullScreenSpinner label={t('loading')} />;
  return (
    <Suspense fallback={<FullScreenSpinner label={t('loading')} />}>
      <Outlet />
      <SessionEnded />
    </Suspense>
  );
}

/** The page stays when the session ends; a dialog over it signs in again. */
function SessionEnded() {
  const ended = useAuthStore((state) => state.sessionEnded);
  if (!ended) return null;
  return (
    <Suspense fallback={null}>
      <SessionEndedDialog />
    </Suspense>
  );
}

/**
 * One route table serves both sides of SPEC §2: where a path means something else signed in and
 * signed out, its element reads the auth store and shows the matching side, so signing in or out
 * re-renders in place.
 */
export function BySession({ signedIn, signedOut }: { signedIn: ReactNode; signedOut: ReactNode }) {
  const isAuthenticated = useAuthStore((state) => state.isAuthenticated);
  return isAuthenticated ? signedIn : signedOut;
}

export function AfterSignIn() {
  return <Navigate to={takeReturnTo() ?? paths.dashboard} replace />;
}

/** A signed-out visit to a page of the app: sign in first, then land there (the OpenID journey). */
export function ToLoginRemembering() {
  const location = useLocation();
  useEffect(() => {
    rememberReturnTo(`${location.pathname}${location.search}${location.hash}`);
  }, [location]);
  return <Navigate to={paths.login} replace />;
}
