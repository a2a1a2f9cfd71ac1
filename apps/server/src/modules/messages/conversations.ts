import { and, asc, eq, inArray, not, sql, type SQL } from 'drizzle-orm';
import type { Conversation, ConversationPage, ConversationParticipant } from '@postline/shared/conversations';
import type { MessageListQuery } from '@postline/shared/message-queries';
import type { Queryable } from '../../db/client.js';
import { mailboxes } from '../../db/schema/core.js';
import { conversationHeads, messages } from '../../db/schema/mail.js';
import { queryRows } from '../../db/rows.js';
import { AppError } from '../../lib/errors.js';
import { localizedText } from '../../lib/i18n.js';
import { getOwnedFolder } from '../folders/index.js';
import { assemblePage, readRows } from './message-page.js';
import type { MessagesDeps } from './ports.js';
import { presentMessage } from './presenter.js';
import { folderFor } from './queries.js';
import { headOfMessage, type CappedCount } from './repository.js';

/*
 * Conversations (issue 36). The database threads every stored row and keeps each conversation's
 * newest message in each folder in conversation_heads (0024_conversations.sql); a folder's
 * conversation list is those messages, paged and sorted
 * exactly as the flat list (message-page.ts), then each row of the page gets its conversation's
 * count, flags and participants in one more statement, with the list's count.
 */

/** A conversation's id on the wire: its thread, base64url (a Message-ID holds <, @ and >). */
export const conversationIdOf = (threadId: string): string =>
  Buffer.from(threadId, 'utf8').toString('base64url');
export const threadOfConversationId = (id: string): string => Buffer.from(id, 'base64url').toString('utf8');

/** How many pages of conversations the list's count looks at (the pager shows "more than N" past it). */
const CONVERSATION_COUNT_PAGES = 10;

const notFound = () =>
  new AppError(404, 'MAIL_NOT_FOUND', { text: localizedText('messages:conversationNotFound') });

/** Another message of the row's conversation in this folder that has the condition. */
const anyInConversation = (folderId: number, condition: SQL) => sql`EXISTS (
  SELECT 1 FROM messages other
  WHERE other.user_id = ${messages.userId} AND other.thread_id = ${messages.threadId}
    AND other.mailbox_id = ${folderId} AND ${condition})`;

/** The user's Sent folder, which a conversation's count and participants take in beside the folder's. */
const sentFolder = (userId: number) =>
  sql`(SELECT id FROM mailboxes WHERE user_id = ${userId} AND type = 'SENT')`;

interface Aggregate {
  thread_id: string;
  n: number;
  here: number;
  unread: number;
  starred: boolean;
  files: boolean;
  addresses: string[];
  names: (string | null)[];
}

/**
 * Each conversation's count, flags and writers (its messages in the folder, and the user's sent
 * ones), and the list's count up to `cap`, in one statement: each statement is a round trip.
 */
async function aggregatesAndCount(
  db: Queryable,
  userId: number,
  folder: { id: number; type: string },
  threads: string[],
  counted: SQL,
  cap: number,
): Promise<{ byThread: Map<string, Aggregate>; count: CappedCount }> {
  const withSent = folder.type !== 'TRASH' && folder.type !== 'SPAM';
  const scope = withSent
    ? sql`(m.mailbox_id = ${folder.id} OR m.mailbox_id = ${sentFolder(userId)})`
    : sql`m.mailbox_id = ${folder.id}`;
  const threadList = threads.length
    ? sql`ARRAY[${sql.join(
        threads.map((t) => sql`${t}`),
        sql`, `,
      )}]::text[]`
    : sql`ARRAY[]::text[]`;
  const [row] = await queryRows<{ total: number; aggregates: Aggregate[] | string }>(
    db,
    sql`
    SELECT
      (SELECT count(*)::int FROM (
        ${counted} ORDER BY conversation_heads.received_at DESC, conversation_heads.message_id DESC
        LIMIT ${cap + 1}) capped) AS total,
      (SELECT coalesce(json_agg(a), '[]'::json) FROM (
        SELECT m.thread_id, count(*)::int AS n,
          (count(*) FILTER (WHERE m.mailbox_id = ${folder.id}))::int AS here,
          (count(*) FILTER (WHERE m.mailbox_id = ${folder.id} AND NOT m.is_read))::int AS unread,
          coalesce(bool_or(m.is_starred) FILTER (WHERE m.mailbox_id = ${folder.id}), false) AS starred,
          bool_or(m.has_attachments) AS files,
          (array_agg(m.from_address ORDER BY m.received_at, m.id))[1:100] AS addresses,
          (array_agg(m.from_name ORDER BY m.received_at, m.id))[1:100] AS names
        FROM messages m
        WHERE m.user_id = ${userId} AND m.thread_id = ANY (${threadList}) AND ${scope}
        GROUP BY m.thread_id) a) AS aggregates`,
  );
  const list =
    typeof row?.aggregates === 'string'
      ? (JSON.parse(row.aggregates) as Aggregate[])
      : (row?.aggregates ?? []);
  const n = Number(row?.total ?? 0);
  return {
    byThread: new Map(list.map((entry) => [entry.thread_id, entry])),
    count: n > cap ? { total: cap, capped: true } : { total: n, capped: false },
  };
}

/** Who wrote, in the order they first did, once each; the user's own address is "me". */
function participantsOf(row: Aggregate | undefined, me: string): ConversationParticipant[] {
  const seen = new Map<string, ConversationParticipant>();
  (row?.addresses ?? []).forEach((address, i) => {
    const key = address.toLowerCase();
    const name = row?.names[i]?.trim() || null;
    const known = seen.get(key);
    if (known) {
      if (!known.name && name) known.name = name;
      return;
    }
    seen.set(key, { name, address, isMe: key === me.toLowerCase() });
  });
  return [...seen.values()];
}

/** GET /conversations: a folder's conversations, one row each, newest first unless sorted otherwise. */
export async function listFolderConversations(
  db: Queryable,
  user: { id: number; email: string },
  query: MessageListQuery,
): Promise<ConversationPage> {
  const folder = await folderFor(db, user.id, query);
  const filters: SQL[] = [];
  const unread = anyInConversation(folder.id, sql`NOT other.is_read`);
  if (query.isRead !== undefined) filters.push(query.isRead ? not(unread) : unread);
  if (query.isStarred !== undefined) {
    const starred = anyInConversation(folder.id, sql`other.is_starred`);
    filters.push(query.isStarred ? starred : not(starred));
  }
  if (query.hasAttachments !== undefined) {
    const files = anyInConversation(folder.id, sql`other.has_attachments`);
    filters.push(query.hasAttachments ? files : not(files));
  }
  const where = and(
    eq(messages.mailboxId, folder.id),
    eq(messages.userId, user.id),
    eq(conversationHeads.mailboxId, folder.id),
    ...filters,
  );
  // Counted only ten pages' worth, as a search is ("more than N", Gmail's "of many"): a folder's
  // conversations have no counter, and counting them all cost more than the page itself.
  const cap = CONVERSATION_COUNT_PAGES * query.size;
  const read = await readRows(db, where, query, 'conversations');
  const threads = read.rows.map((row) => row.threadId).filter((t): t is string => t !== null);
  // Without a filter the heads alone are counted (their date index, no message read).
  const counted =
    filters.length === 0
      ? sql`SELECT 1 FROM conversation_heads WHERE conversation_heads.mailbox_id = ${folder.id}`
      : sql`SELECT 1 FROM messages JOIN conversation_heads ON ${headOfMessage} WHERE ${where}`;
  const { byThread, count } = await aggregatesAndCount(db, user.id, folder, threads, counted, cap);
  const page = assemblePage(query, read, count);
  return {
    ...page,
    content: page.content.map((item) => {
      const row = byThread.get(item.threadId ?? '');
      return {
        ...item,
        conversationId: conversationIdOf(item.threadId ?? ''),
        messageCount: row?.n ?? 1,
        messagesInFolder: Math.max(1, row?.here ?? 1),
        unreadCount: row?.unread ?? (item.isRead ? 0 : 1),
        isRead: row ? row.unread === 0 : item.isRead,
        isStarred: row?.starred ?? item.isStarred,
        hasAttachments: row?.files ?? item.hasAttachments,
        participants: participantsOf(row, user.email),
      };
    }),
  };
}

/**
 * GET /conversations/{id}: its messages oldest first. From a folder: the messages there and the
 * user's sent ones (Trash and Spam only their own); else all but those in Trash and Spam.
 */
export async function getConversation(
  deps: MessagesDeps,
  userId: number,
  id: string,
  mailboxId: number | undefined,
): Promise<Conversation> {
  const db = deps.database.db;
  const threadId = threadOfConversationId(id);
  const scope: SQL[] = [];
  if (mailboxId !== undefined) {
    const folder = await getOwnedFolder(db, userId, mailboxId);
    const types = folder.type === 'TRASH' || folder.type === 'SPAM' ? [] : (['SENT'] as const);
    scope.push(
      sql`(${messages.mailboxId} = ${folder.id} OR ${mailboxes.type} IN (${sql.join(
        [...types, '-'].map((t) => sql`${t}`),
        sql`, `,
      )}))`,
    );
  } else {
    scope.push(not(inArray(mailboxes.type, ['TRASH', 'SPAM'])));
  }
  const rows = await db
    .select({ message: messages, mailboxType: mailboxes.type })
    .from(messages)
    .innerJoin(mailboxes, eq(mailboxes.id, messages.mailboxId))
    .where(and(eq(messages.userId, userId), eq(messages.threadId, threadId), ...scope))
    .orderBy(asc(messages.receivedAt), asc(messages.id));
  if (rows.length === 0) throw notFound();
  const list = await Promise.all(
    rows.map(async (row) =>
      presentMessage(
        { ...row.message, mailboxType: row.mailboxType },
        await deps.files.list(db, userId, row.message.id),
      ),
    ),
  );
  return { id, subject: list[0]!.subject, messages: list };
}
