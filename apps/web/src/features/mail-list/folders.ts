import type { Mailbox } from '@postline/shared/mailbox';
import { flattenFolders } from '@/features/mail/folders';
import type { FolderRef } from './list-params';

/** The folder of the tree a list's address stands for, if the tree has it (starred has none). */
export function folderOf(ref: FolderRef, tree: readonly Mailbox[]): Mailbox | undefined {
  if (ref.kind === 'starred') return undefined;
  return flattenFolders(tree)
    .map((entry) => entry.folder)
    .find((folder) => (ref.kind === 'custom' ? folder.id === ref.id : folder.type === ref.type));
}
