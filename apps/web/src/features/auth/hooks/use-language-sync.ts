import { useEffect } from 'react';
import { i18next, isLanguage } from '@/lib/i18n';
import { updateMyLanguage } from '../api/update-me';
import { useAuthStore } from '../store';

/**
 * Keeps the signed-in user's language on the server equal to the one the app shows, so the mail
 * and notifications the server writes for them (new mail, bounces, filter runs) are in it too.
 * Mounted by the signed-in layout.
 */
export function useLanguageSync(): void {
  useEffect(() => {
    const follow = (lng: string) => {
      const { user, setUser } = useAuthStore.getState();
      if (!user || !isLanguage(lng) || user.language === lng) return;
      updateMyLanguage(lng)
        .then(setUser)
        // The next switch or sign-in tries again; the screens already show the new language.
        .catch((error: unknown) => console.warn('Could not save the language', error));
    };
    follow(i18next.resolvedLanguage ?? i18next.language);
    i18next.on('languageChanged', follow);
    return () => i18next.off('languageChanged', follow);
  }, []);
}
