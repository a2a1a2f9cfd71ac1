import type { Mailbox } from '@postline/shared/mailbox';
import type { FolderRow } from './repository.js';

/** System folders lead in the sidebar's order; the user's own follow by name. */
const TYPE_ORDER: Record<FolderRow['type'], number> = {
  INBOX: 0,
  SENT: 1,
  DRAFTS: 2,
  TRASH: 3,
  SPAM: 4,
  ARCHIVE: 5,
  SCHEDULED: 6,
  CUSTOM: 7,
};

function compareFolders(a: FolderRow, b: FolderRow): number {
  return (
    TYPE_ORDER[a.type] - TYPE_ORDER[b.type] ||
    a.name.localeCompare(b.name, 'ko', { sensitivity: 'base' }) ||
    a.id - b.id
  );
}

export function presentFolder(row: FolderRow, children: Mailbox[] = []): Mailbox {
  return {
    id: row.id,
    name: row.name,
    type: row.type,
    totalCount: row.totalCount,
    messageCount: row.totalCount,
    unreadCount: row.unreadCount,
    userId: row.userId,
    parentId: row.parentId,
    children,
  };
}

/** Rows of one user into the nested list GET /mailboxes answers; an orphan shows at the top. */
export function presentFolderTree(rows: FolderRow[]): Mailbox[] {
  const ids = new Set(rows.map((r) => r.id));
  const byParent = new Map<number | null, FolderRow[]>();
  for (const row of rows) {
    const parent = row.parentId !== null && ids.has(row.parentId) ? row.parentId : null;
    const list = byParent.get(parent) ?? [];
    list.push(row);
    byParent.set(parent, list);
  }
  const build = (parent: number | null): Mailbox[] =>
    (byParent.get(parent) ?? []).sort(compareFolders).map((row) => presentFolder(row, build(row.id)));
  return build(null);
}
