import type { User } from '@postline/shared/auth';
import { changeLanguage, currentLanguage, isLanguage } from '@/lib/i18n';

/**
 * The account's language is the setting (issue 34): once someone signs in, on any device, the app
 * shows their account's language, whatever the sign-in page showed. Resolves once the screens have
 * switched, so what is said next (the sign-in toast) is already in it.
 */
export async function adoptAccountLanguage(user: Pick<User, 'language'> | null | undefined): Promise<void> {
  const wanted = user?.language;
  if (!isLanguage(wanted) || wanted === currentLanguage()) return;
  await changeLanguage(wanted);
}
