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
