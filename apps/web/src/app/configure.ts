import { connectSessionToApiClient } from '@/features/auth/session';
import { useAuthStore } from '@/features/auth/store';
import { setLanguageSource } from '@/lib/api-session';
import { currentLanguage, startI18n } from '@/lib/i18n';
import { preloadFirstScreen } from './router';

/**
 * Wiring done once before the first render: translations, the API client's session, and the first
 * screen's code fetched beside the translations.
 */
export function configureApp(): void {
  void startI18n();
  const { token, refreshToken } = useAuthStore.getState();
  preloadFirstScreen(window.location.pathname, token !== null || refreshToken !== null);
  setLanguageSource(currentLanguage);
  connectSessionToApiClient();
}
