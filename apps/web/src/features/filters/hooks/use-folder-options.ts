import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { Mailbox } from '@postline/shared/mailbox';
import { messageOf } from '@/lib/api-error';
import { flattenFolders } from '@/features/mail/folders';
import { foldersQuery } from '@/features/mail/queries';

export interface FolderOption {
  id: number;
  name: string;
  type: Mailbox['type'];
  depth: number;
}

/** The tree as a flat list in display order; Drafts is no place for a filter to move mail. */
export function folderOptions(tree: readonly Mailbox[]): FolderOption[] {
  return flattenFolders(tree)
    .filter(({ folder }) => folder.type !== 'DRAFTS')
    .map(({ folder, depth }) => ({ id: folder.id, name: folder.name, type: folder.type, depth }));
}

/**
 * The user's folders for the MOVE_TO_FOLDER picker, from the folder tree's cache: a folder made in
 * the sidebar (or by an import) is offered here without asking again.
 */
export function useFolderOptions(): { folders: FolderOption[] | null; error: string | null } {
  const tree = useQuery(foldersQuery);
  const folders = useMemo(() => (tree.data ? folderOptions(tree.data) : null), [tree.data]);
  return { folders, error: tree.error && !tree.data ? messageOf(tree.error) : null };
}
