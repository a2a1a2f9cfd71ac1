import { useEffect } from 'react';
import { create } from 'zustand';
import type { Mailbox } from '@postline/shared/mailbox';
import { api } from '@/lib/api-client';
import { onFoldersChanged } from '@/lib/events';

/** GET /mailboxes: the folder tree with total and unread counts. */
export function fetchMailboxes(): Promise<Mailbox[]> {
  return api.get<Mailbox[]>('/mailboxes');
}

interface MailboxesState {
  mailboxes: Mailbox[];
  /** Fetches the tree again; of overlapping calls, only the latest answer is kept. */
  reload(): Promise<void>;
  reset(): void;
}

let latestCall = 0;

/**
 * The folder tree, shared by the sidebar's folder tree, titles, folder links and the move picker,
 * so a folder made, renamed, moved or deleted in one shows everywhere at once. A failure leaves it
 * as it was: the list itself still works and shows its own error.
 */
export const useMailboxesStore = create<MailboxesState>((set) => ({
  mailboxes: [],
  async reload() {
    const call = ++latestCall;
    try {
      const tree = await fetchMailboxes();
      if (call === latestCall && Array.isArray(tree)) set({ mailboxes: tree });
    } catch (error) {
      console.warn('Could not load the mailboxes', error);
    }
  },
  reset() {
    latestCall += 1;
    set({ mailboxes: [] });
  },
}));

/** The folder tree, loaded (again) when a component that needs it mounts or folders change elsewhere. */
export function useMailboxes(): { mailboxes: Mailbox[]; reload: () => void } {
  const mailboxes = useMailboxesStore((state) => state.mailboxes);
  const reload = useMailboxesStore((state) => state.reload);
  useEffect(() => {
    void reload();
    return onFoldersChanged(() => void reload());
  }, [reload]);
  return { mailboxes, reload };
}
