import type { Mailbox } from '@postline/shared/mailbox';

export interface FlatFolder {
  folder: Mailbox;
  depth: number;
}

/**
 * The folder tree in display order, each with its nesting depth: for the pickers that indent it
 * (the mail list's and the message's move menus, the filters' folder choice) and the dashboard's cards.
 */
export function flattenFolders(tree: readonly Mailbox[], depth = 0): FlatFolder[] {
  return tree.flatMap((folder) => [{ folder, depth }, ...flattenFolders(folder.children, depth + 1)]);
}

/**
 * Whether mail may be moved into this folder by hand (issue 34, 36): Sent holds what was sent,
 * Drafts what is being written and Scheduled what waits to go, so none of them is offered; the
 * server refuses them too (409).
 */
export function isMoveTarget(folder: Mailbox): boolean {
  return folder.type !== 'SENT' && folder.type !== 'DRAFTS' && folder.type !== 'SCHEDULED';
}
