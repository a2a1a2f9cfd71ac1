import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNotificationsStore } from '../store';

/** The test-notification button: a title and content in the user's language, one at a time. */
export function useSendTestNotification(): { send(): Promise<void>; sending: boolean } {
  const { t } = useTranslation('notifications');
  const [sending, setSending] = useState(false);
  const send = useCallback(async () => {
    setSending(true);
    try {
      await useNotificationsStore.getState().sendTest({ title: t('testTitle'), content: t('testContent') });
    } catch {
      // SPEC §8: a failed test is only logged (the store did).
    } finally {
      setSending(false);
    }
  }, [t]);
  return { send, sending };
}
