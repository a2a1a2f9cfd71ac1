import { connectSessionToApiClient } from '@/features/auth/session';
import { setLanguageSource } from '@/lib/api-session';
import { currentLanguage, startI18n } from '@/lib/i18n';

/** Wiring done once before the first render: translations, and the API client's session. */
export function configureApp(): void {
  void startI18n();
  setLanguageSource(currentLanguage);
  connectSessionToApiClient();
}
