import type { Mailbox, SystemMailboxType } from '@postline/shared/mailbox';
import { flattenFolders } from '@/features/mail/folders';
import { OWN_FOLDER_PREFIX } from '@/lib/paths';

/**
 * What /mailbox/{folder} points at: a system folder by name (inbox, sent, ...), the starred
 * view, or one of the user's own folders as folder-{id}.
 */
export type FolderRef =
  | { kind: 'system'; slug: string; type: SystemMailboxType }
  | { kind: 'starred'; slug: 'starred' }
  | { kind: 'custom'; slug: string; id: number };

const SYSTEM_SLUGS: Record<string, SystemMailboxType> = {
  inbox: 'INBOX',
  sent: 'SENT',
  drafts: 'DRAFTS',
  trash: 'TRASH',
  spam: 'SPAM',
  archive: 'ARCHIVE',
};

export function parseFolder(slug: string | undefined): FolderRef | null {
  const value = (slug ?? '').toLowerCase();
  if (value === 'starred') return { kind: 'starred', slug: 'starred' };
  const type = SYSTEM_SLUGS[value];
  if (type) return { kind: 'system', slug: value, type };
  if (value.startsWith(OWN_FOLDER_PREFIX)) {
    const id = Number(value.slice(OWN_FOLDER_PREFIX.length));
    if (Number.isInteger(id) && id > 0) return { kind: 'custom', slug: value, id };
  }
  return null;
}

/** The folder of the tree a folder reference stands for, if the tree has it (starred has none). */
export function folderOf(ref: FolderRef, tree: readonly Mailbox[]): Mailbox | undefined {
  if (ref.kind === 'starred') return undefined;
  return flattenFolders(tree)
    .map((entry) => entry.folder)
    .find((folder) => (ref.kind === 'custom' ? folder.id === ref.id : folder.type === ref.type));
}
