import type { Query, QueryClient } from '@tanstack/react-query';
import { DASHBOARD_RECENT_MESSAGES } from '@postline/shared/limits';
import { MESSAGE_DETAIL_ONLY_FIELDS } from '@postline/shared/message-fields';
import { DEFAULT_MESSAGE_SORT, formatMessageSort } from '@postline/shared/message-sort';
import type { DashboardSummary, Message, MessageListItem, MessagePage } from '@postline/shared/messages';
import { queryKeys, type MessageListKey } from '@/lib/query-keys';
import { fetchMessage } from './api/get-message';
import { adjustMailCounts, invalidateMail } from './cache';

/** A list row is a message without its bodies, attachments and threading headers. */
function listItemOf(message: Message): MessageListItem {
  const row: Partial<Message> = { ...message };
  for (const field of MESSAGE_DETAIL_ONLY_FIELDS) delete row[field];
  return row as MessageListItem;
}

const DEFAULT_SORT = formatMessageSort(DEFAULT_MESSAGE_SORT);

/**
 * Whether a new message belongs at the top of the list this key loads: the first page, newest
 * first, of its folder, narrowed at most to unread mail. Any other list cannot say where it goes.
 */
function opensWith(key: MessageListKey, row: MessageListItem): boolean {
  const { query } = key;
  if (key.url !== '/messages' || query.page !== 0 || 'cursor' in query) return false;
  if ((query.sort ?? DEFAULT_SORT) !== DEFAULT_SORT) return false;
  if ('isStarred' in query || 'hasAttachments' in query) return false;
  if (query.isRead === 'false' && row.isRead) return false;
  return (
    query.mailboxId === row.mailboxId ||
    (row.mailboxType !== 'CUSTOM' && query.mailboxType === row.mailboxType)
  );
}

function withNewRow(page: MessagePage, row: MessageListItem, size: number): MessagePage {
  if (page.content.some((held) => held.id === row.id)) return page;
  const content = [row, ...page.content];
  const overflow = content.length > size;
  const totalElements = page.totalElements + 1;
  return {
    ...page,
    content: overflow ? content.slice(0, size) : content,
    totalElements,
    totalPages: Math.max(1, Math.ceil(totalElements / size)),
    last: page.last && !overflow,
    // The old cursor points past the row pushed off the page; the next page now goes by number.
    nextCursor: overflow ? null : page.nextCursor,
  };
}

/** Pushes already merged: a push repeated after a reconnect must not count the mail twice. */
const merged = new Set<number>();
const MERGED_KEPT = 500;

function firstMerge(id: number): boolean {
  if (merged.has(id)) return false;
  merged.add(id);
  if (merged.size > MERGED_KEPT) {
    const oldest = merged.values().next().value;
    if (oldest !== undefined) merged.delete(oldest);
  }
  return true;
}

function holdsMail(client: QueryClient): boolean {
  return (
    client.getQueriesData({ queryKey: queryKeys.messages.lists }).length > 0 ||
    client.getQueryData(queryKeys.folders) !== undefined ||
    client.getQueryData(queryKeys.dashboard) !== undefined
  );
}

/**
 * A new message was delivered (the real-time "mail" push). Only that message is fetched: it goes
 * to the top of the lists it opens, its folder's counts and the dashboard go up, and lists that
 * cannot place it (another page, sort or search) reload if shown, or when shown next.
 */
export async function mergeArrivedMail(client: QueryClient, messageId: number): Promise<void> {
  if (!holdsMail(client) || !firstMerge(messageId)) return;
  let row: MessageListItem;
  try {
    row = listItemOf(await fetchMessage(messageId));
  } catch {
    // Gone already (a filter deleted it) or the link is down: ask for everything again.
    await invalidateMail(client);
    return;
  }
  const placed = new Set<Query>();
  for (const query of client.getQueryCache().findAll({ queryKey: queryKeys.messages.lists })) {
    const key = query.queryKey[2] as MessageListKey | undefined;
    const page = query.state.data as MessagePage | undefined;
    if (!key || !page || !opensWith(key, row)) continue;
    client.setQueryData<MessagePage>(
      query.queryKey,
      withNewRow(page, row, Number(key.query.size) || page.size),
    );
    placed.add(query);
  }
  adjustMailCounts(client, row.mailboxId, { total: 1, unread: row.isRead ? 0 : 1 });
  if (row.mailboxType === 'INBOX') {
    client.setQueryData<DashboardSummary>(queryKeys.dashboard, (summary) =>
      summary && !summary.recent.some((held) => held.id === row.id)
        ? { ...summary, recent: [row, ...summary.recent].slice(0, DASHBOARD_RECENT_MESSAGES) }
        : summary,
    );
  }
  await client.invalidateQueries({
    queryKey: queryKeys.messages.lists,
    predicate: (query) => !placed.has(query),
  });
}

/** Test hook: forget which pushes were merged. */
export function resetMergedMail(): void {
  merged.clear();
}
