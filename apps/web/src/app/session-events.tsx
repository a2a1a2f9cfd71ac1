import { useEffect } from 'react';
import { toast } from '@/components/ui/toast';
import { useTranslation } from 'react-i18next';
import { subscribeApiEvents } from '@/lib/api-session';

/**
 * Turns what the API client reports into toasts. After a session expires the auth store is
 * already empty, so the router's signed-out routes take the user to /login by themselves.
 */
export function SessionEvents() {
  const { t } = useTranslation('auth');
  useEffect(
    () =>
      subscribeApiEvents((event) => {
        if (event.type === 'session-expired') {
          toast.error(t('toast.sessionExpired'), { id: 'session-expired' });
        } else {
          toast.error(event.error.message, { id: `server-error-${event.error.status}` });
        }
      }),
    [t],
  );
  return null;
}
