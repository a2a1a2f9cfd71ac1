import { useEffect } from 'react';
import { i18next, isLanguage } from '@/lib/i18n';
import { adoptAccountLanguage } from '../account-language';
import { updateMyLanguage } from '../api/update-me';
import { reloadNotifications } from '../queries';
import { useAuthStore } from '../store';

/**
 * The account's language and the app's stay one (issue 34). The account's is the setting: the app
 * takes it when the signed-in layout mounts and whenever the server's copy of the user changes. A
 * switch the user makes here is saved to the account, so the mail and notifications the server
 * writes for them follow, and the stored notifications are read again in the new language.
 * Mounted by the signed-in layout.
 */
export function useLanguageSync(): void {
  useEffect(() => {
    // While a switch is being saved, the user held in the store still has the old language.
    let saving = 0;
    const adopt = () => {
      if (saving === 0) void adoptAccountLanguage(useAuthStore.getState().user);
    };
    const save = (lng: string) => {
      const { user, setUser } = useAuthStore.getState();
      if (!user || !isLanguage(lng) || user.language === lng) return;
      saving += 1;
      updateMyLanguage(lng)
        .then((saved) => {
          saving -= 1;
          setUser(saved);
          return reloadNotifications();
        })
        .catch((error: unknown) => {
          saving -= 1;
          // The next switch tries again; the screens already show the new language.
          console.warn('Could not save the language', error);
        });
    };
    adopt();
    const unsubscribe = useAuthStore.subscribe((state, previous) => {
      if (state.user?.language !== previous.user?.language) adopt();
    });
    i18next.on('languageChanged', save);
    return () => {
      unsubscribe();
      i18next.off('languageChanged', save);
    };
  }, []);
}
