import type { Mailbox } from '@postline/shared/mailbox';
import { flattenFolders } from '@/features/mail/folders';

export interface FolderOption {
  id: number;
  name: string;
  type: Mailbox['type'];
  depth: number;
}

/** The tree as a flat list in display order; Drafts is no place for a filter to move mail. */
export function folderOptions(tree: readonly Mailbox[]): FolderOption[] {
  return flattenFolders(tree)
    .filter(({ folder }) => folder.type !== 'DRAFTS' && folder.type !== 'SCHEDULED')
    .map(({ folder, depth }) => ({ id: folder.id, name: folder.name, type: folder.type, depth }));
}
