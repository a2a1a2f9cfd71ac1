import type { QueryClient, QueryKey } from '@tanstack/react-query';
import { DASHBOARD_UNCOUNTED_FOLDERS } from '@postline/shared/limits';
import type { Mailbox } from '@postline/shared/mailbox';
import type { DashboardSummary, MessageListItem, MessagePage } from '@postline/shared/messages';
import { queryKeys } from '@/lib/query-keys';

/**
 * Cache updaters for mail that more than one feature shows (a row in a list, the dashboard's
 * recent mail, a folder's counts): the mail list and message screens change a message, the
 * real-time handler merges a push.
 */

type CacheEntry = [QueryKey, unknown];

/** What the optimistic updates replace, to put back if the server refuses. */
export interface MailCacheSnapshot {
  entries: CacheEntry[];
}

export function snapshotMail(client: QueryClient): MailCacheSnapshot {
  return {
    entries: [
      ...client.getQueriesData({ queryKey: queryKeys.messages.all }),
      ...client.getQueriesData({ queryKey: queryKeys.folders }),
      ...client.getQueriesData({ queryKey: queryKeys.dashboard }),
    ],
  };
}

export function restoreMail(client: QueryClient, snapshot: MailCacheSnapshot): void {
  for (const [key, data] of snapshot.entries) client.setQueryData(key, data);
}

/** Adds `delta` to one folder's counts, wherever it sits in the tree. */
function adjustFolderCounts(
  tree: Mailbox[],
  folderId: number,
  delta: { unread?: number; total?: number },
): Mailbox[] {
  return tree.map((box) => {
    if (box.id === folderId) {
      const total = Math.max(0, box.totalCount + (delta.total ?? 0));
      return {
        ...box,
        totalCount: total,
        messageCount: total,
        unreadCount: Math.max(0, box.unreadCount + (delta.unread ?? 0)),
      };
    }
    return box.children.length
      ? { ...box, children: adjustFolderCounts(box.children, folderId, delta) }
      : box;
  });
}

function findFolder(tree: readonly Mailbox[], id: number): Mailbox | undefined {
  for (const box of tree) {
    if (box.id === id) return box;
    const inside = findFolder(box.children, id);
    if (inside) return inside;
  }
  return undefined;
}

/** Moves one folder's counts in the folder tree and on the dashboard. */
export function adjustMailCounts(
  client: QueryClient,
  folderId: number,
  delta: { unread?: number; total?: number },
): void {
  client.setQueryData<Mailbox[]>(queryKeys.folders, (tree) =>
    tree ? adjustFolderCounts(tree, folderId, delta) : tree,
  );
  client.setQueryData<DashboardSummary>(queryKeys.dashboard, (summary) => {
    if (!summary) return summary;
    const box = findFolder(summary.mailboxes, folderId);
    const counted = box !== undefined && !DASHBOARD_UNCOUNTED_FOLDERS.includes(box.type);
    return {
      ...summary,
      totalMessages: Math.max(0, summary.totalMessages + (counted ? (delta.total ?? 0) : 0)),
      unreadMessages: Math.max(0, summary.unreadMessages + (counted ? (delta.unread ?? 0) : 0)),
      mailboxes: adjustFolderCounts(summary.mailboxes, folderId, delta),
    };
  });
}

function mapRows(
  rows: MessageListItem[],
  ids: ReadonlySet<number>,
  patch: Partial<MessageListItem>,
): MessageListItem[] {
  return rows.map((row) => (ids.has(row.id) ? { ...row, ...patch } : row));
}

/** The rows and message views of `ids` as the cache holds them (the first copy of each). */
function heldMessages(client: QueryClient, ids: ReadonlySet<number>): Map<number, MessageListItem> {
  const held = new Map<number, MessageListItem>();
  for (const [, page] of client.getQueriesData<MessagePage>({ queryKey: queryKeys.messages.lists }))
    for (const row of page?.content ?? []) if (ids.has(row.id) && !held.has(row.id)) held.set(row.id, row);
  for (const row of client.getQueryData<DashboardSummary>(queryKeys.dashboard)?.recent ?? [])
    if (ids.has(row.id) && !held.has(row.id)) held.set(row.id, row);
  for (const id of ids) {
    const message = client.getQueryData<MessageListItem>(queryKeys.messages.detail(id));
    if (message && !held.has(id)) held.set(id, message);
  }
  return held;
}

/**
 * Changes messages in every list, the message views and the dashboard at once, before the server
 * answers (star, read). A read flag that flips moves its folder's unread count too.
 */
export function patchMessages(
  client: QueryClient,
  messageIds: readonly number[],
  patch: Pick<Partial<MessageListItem>, 'isRead' | 'isStarred'>,
): void {
  const ids = new Set(messageIds);
  if (patch.isRead !== undefined) {
    for (const message of heldMessages(client, ids).values()) {
      if (message.isRead !== patch.isRead)
        adjustMailCounts(client, message.mailboxId, { unread: patch.isRead ? -1 : 1 });
    }
  }
  client.setQueriesData<MessagePage>({ queryKey: queryKeys.messages.lists }, (page) =>
    page ? { ...page, content: mapRows(page.content, ids, patch) } : page,
  );
  for (const id of ids) {
    client.setQueryData<MessageListItem>(queryKeys.messages.detail(id), (message) =>
      message ? { ...message, ...patch } : message,
    );
  }
  client.setQueryData<DashboardSummary>(queryKeys.dashboard, (summary) =>
    summary ? { ...summary, recent: mapRows(summary.recent, ids, patch) } : summary,
  );
}

/**
 * Takes messages out of every list and the dashboard before the server answers (move, delete):
 * the rows go, their folders' counts drop, and the lists reload in the background for the rows
 * that slide up from the next page.
 */
export function removeMessages(client: QueryClient, messageIds: readonly number[]): void {
  const ids = new Set(messageIds);
  for (const message of heldMessages(client, ids).values()) {
    adjustMailCounts(client, message.mailboxId, { total: -1, unread: message.isRead ? 0 : -1 });
  }
  client.setQueriesData<MessagePage>({ queryKey: queryKeys.messages.lists }, (page) => {
    if (!page) return page;
    const content = page.content.filter((row) => !ids.has(row.id));
    const gone = page.content.length - content.length;
    return gone ? { ...page, content, totalElements: Math.max(0, page.totalElements - gone) } : page;
  });
  client.setQueryData<DashboardSummary>(queryKeys.dashboard, (summary) =>
    summary ? { ...summary, recent: summary.recent.filter((row) => !ids.has(row.id)) } : summary,
  );
}

/**
 * Everything about mail may have changed (a bulk action on a whole folder, a reconnect).
 * `fresh`: a message whose view already holds the server's answer, not to be asked for again.
 */
export function invalidateMail(client: QueryClient, fresh?: number): Promise<void> {
  const freshKey = fresh === undefined ? undefined : JSON.stringify(queryKeys.messages.detail(fresh));
  return Promise.all([
    client.invalidateQueries({
      queryKey: queryKeys.messages.all,
      predicate: (query) => JSON.stringify(query.queryKey) !== freshKey,
    }),
    client.invalidateQueries({ queryKey: queryKeys.folders }),
    client.invalidateQueries({ queryKey: queryKeys.dashboard }),
  ]).then(() => undefined);
}
