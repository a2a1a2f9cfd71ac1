import type { Mailbox, MailboxType, SystemMailboxType } from '@postline/shared/mailbox';

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

const CUSTOM_PREFIX = 'folder-';

export function parseFolder(slug: string | undefined): FolderRef | null {
  const value = (slug ?? '').toLowerCase();
  if (value === 'starred') return { kind: 'starred', slug: 'starred' };
  const type = SYSTEM_SLUGS[value];
  if (type) return { kind: 'system', slug: value, type };
  if (value.startsWith(CUSTOM_PREFIX)) {
    const id = Number(value.slice(CUSTOM_PREFIX.length));
    if (Number.isInteger(id) && id > 0) return { kind: 'custom', slug: value, id };
  }
  return null;
}

/** The route segment of a folder: its name for system folders, folder-{id} for the user's own. */
export function folderSlug(mailbox: { id: number; type: MailboxType }): string {
  return mailbox.type === 'CUSTOM' ? `${CUSTOM_PREFIX}${mailbox.id}` : mailbox.type.toLowerCase();
}

export interface FlatMailbox {
  mailbox: Mailbox;
  depth: number;
}

/** The folder tree in display order, each with its nesting depth (for indented pickers). */
export function flattenMailboxes(tree: readonly Mailbox[], depth = 0): FlatMailbox[] {
  return tree.flatMap((mailbox) => [{ mailbox, depth }, ...flattenMailboxes(mailbox.children, depth + 1)]);
}

/** The mailbox row a folder reference stands for, if the tree has it (starred has none). */
export function mailboxOf(ref: FolderRef, tree: readonly Mailbox[]): Mailbox | undefined {
  if (ref.kind === 'starred') return undefined;
  return flattenMailboxes(tree)
    .map((entry) => entry.mailbox)
    .find((mailbox) => (ref.kind === 'custom' ? mailbox.id === ref.id : mailbox.type === ref.type));
}
