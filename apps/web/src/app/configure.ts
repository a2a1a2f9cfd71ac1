import { connectSessionToApiClient } from '@/features/auth/session';
import { useAuthStore } from '@/features/auth/store';
import { setLanguageSource } from '@/lib/api-session';
import { currentLanguage, startI18n } from '@/lib/i18n';
import { preloadFirstScreen } from './router';

/**
 * Wiring done once before the first render: the API client's session, then the translations and
 * the first screen's code, fetched side by side, and for a signed-in visit its first server calls
 * (router.tsx), which the first render does not wait for. Resolves when the translations and the
 * code have settled (a failure is left for the error boundary and i18next's retries to show), so
 * the first render waits for nothing.
 */
export function configureApp(): Promise<unknown> {
  setLanguageSource(currentLanguage);
  connectSessionToApiClient();
  const { token, refreshToken, initialize } = useAuthStore.getState();
  const signedIn = token !== null || refreshToken !== null;
  // A complete stored session is settled at once, so the first render is the page rather than a
  // spinner replaced by it in the same task (issue 17); one to check starts its check beside the code.
  void initialize();
  const { pathname, search } = window.location;
  return Promise.allSettled([startI18n(), preloadFirstScreen(pathname, search, signedIn)]);
}
