import { useCallback, useEffect, useRef, useState } from 'react';
import type { Mailbox } from '@postline/shared/mailbox';
import { api } from '@/lib/api-client';

/** GET /mailboxes: the folder tree with total and unread counts. */
export function fetchMailboxes(): Promise<Mailbox[]> {
  return api.get<Mailbox[]>('/mailboxes');
}

/**
 * The folder tree for titles, folder links and the move picker. A failure leaves it empty: the
 * list itself still works and shows its own error.
 */
export function useMailboxes(): { mailboxes: Mailbox[]; reload: () => void } {
  const [mailboxes, setMailboxes] = useState<Mailbox[]>([]);
  const latest = useRef(0);

  const reload = useCallback(() => {
    const call = ++latest.current;
    fetchMailboxes()
      .then((tree) => {
        if (call === latest.current) setMailboxes(tree);
      })
      .catch((error: unknown) => console.warn('Could not load the mailboxes', error));
  }, []);

  useEffect(() => {
    reload();
    return () => {
      latest.current += 1;
    };
  }, [reload]);

  return { mailboxes, reload };
}
