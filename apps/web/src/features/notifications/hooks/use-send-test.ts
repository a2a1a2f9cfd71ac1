import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { sendTestNotification } from '../api/send-test';
import { receiveNotification } from '../notifications-cache';

/** The test-notification button: a title and content in the user's language, one at a time. */
export function useSendTestNotification(): { send(): void; sending: boolean } {
  const { t } = useTranslation('notifications');
  const client = useQueryClient();
  const { mutate, isPending } = useMutation({
    mutationFn: sendTestNotification,
    // The push brings the toast; the answer puts it in the list even if the socket is down.
    onSuccess: (notification) => receiveNotification(client, notification),
    // SPEC §8: a failed test is only logged.
    onError: (error) => console.error('Sending a test notification failed', error),
  });
  return {
    send: () => {
      if (!isPending) mutate({ title: t('testTitle'), content: t('testContent') });
    },
    sending: isPending,
  };
}
