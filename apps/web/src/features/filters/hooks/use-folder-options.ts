import { useEffect, useState } from 'react';
import type { Mailbox } from '@postline/shared/mailbox';
import { messageOf } from '@/lib/api-error';
import { fetchMailboxes } from '../api/mailboxes';

export interface FolderOption {
  id: number;
  name: string;
  type: Mailbox['type'];
  depth: number;
}

/** The tree as a flat list in display order; Drafts is no place for a filter to move mail. */
export function folderOptions(tree: readonly Mailbox[], depth = 0): FolderOption[] {
  return tree.flatMap((mailbox) => [
    ...(mailbox.type === 'DRAFTS' ? [] : [{ id: mailbox.id, name: mailbox.name, type: mailbox.type, depth }]),
    ...folderOptions(mailbox.children, depth + 1),
  ]);
}

/** The user's folders for the MOVE_TO_FOLDER picker, loaded once per form. */
export function useFolderOptions(): { folders: FolderOption[] | null; error: string | null } {
  const [folders, setFolders] = useState<FolderOption[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    let current = true;
    fetchMailboxes().then(
      (tree) => current && setFolders(folderOptions(tree)),
      (failure: unknown) => current && setError(messageOf(failure)),
    );
    return () => {
      current = false;
    };
  }, []);
  return { folders, error };
}
