import { useEffect } from 'react';
import { toast } from '@/components/ui/toast';
import { subscribeApiEvents } from '@/lib/api-session';

/**
 * Turns the server errors the API client reports into toasts. The end of a session is said by the
 * dialog that signs in again in place (SessionEndedDialog, issue 34), not by a toast.
 */
export function SessionEvents() {
  useEffect(
    () =>
      subscribeApiEvents((event) => {
        if (event.type !== 'server-error') return;
        toast.error(event.error.message, { id: `server-error-${event.error.status}` });
      }),
    [],
  );
  return null;
}
