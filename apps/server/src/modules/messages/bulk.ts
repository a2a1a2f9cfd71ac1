import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { MessagesDeps } from './ports.js';
import type { BulkRequest, BulkScope } from '@postline/shared/message-requests';
import type { Queryable, Tx } from '../../db/client.js';
import { mailboxes } from '../../db/schema/core.js';
import { messages } from '../../db/schema/mail.js';
import { adjustCounts, getOwnedFolder, getSystemFolder } from '../folders/index.js';
import { threadOfConversationId } from './conversations.js';
import { assertMayMoveInto, restoreFromTrash } from './folder-moves.js';

/*
 * POST /messages/bulk: one action on many messages in one transaction, by ticked ids, by the
 * conversations of a folder's list (their messages in that folder), or by a whole folder with the
 * list's filters (Gmail's "select all N in this folder"). Each change is one statement over the
 * selection; the folders' counts move by what the statement returned, so they
 * stay exact however many messages it took.
 */

interface Changed {
  mailboxId: number;
  isRead: boolean;
}

async function selectionOf(db: Queryable, userId: number, request: BulkRequest): Promise<SQL> {
  const owned = eq(messages.userId, userId);
  if (request.messageIds) return and(owned, inArray(messages.id, request.messageIds))!;
  if (request.conversations) {
    // A conversation's messages in the folder of the list it was a row of (issue 36).
    const folder = await getOwnedFolder(db, userId, request.conversations.mailboxId);
    const threads = request.conversations.ids.map(threadOfConversationId);
    return and(owned, eq(messages.mailboxId, folder.id), inArray(messages.threadId, threads))!;
  }
  const scope = request.scope as BulkScope;
  const filters: SQL[] = [];
  if (scope.mailboxId !== undefined) {
    const folder = await getOwnedFolder(db, userId, scope.mailboxId);
    filters.push(eq(messages.mailboxId, folder.id));
  } else {
    filters.push(
      eq(messages.isStarred, true),
      sql`${messages.mailboxId} NOT IN (SELECT ${mailboxes.id} FROM ${mailboxes} WHERE ${mailboxes.userId} = ${userId} AND ${mailboxes.type} IN ('TRASH', 'SPAM'))`,
    );
  }
  if (scope.isRead !== undefined) filters.push(eq(messages.isRead, scope.isRead));
  if (scope.isStarred !== undefined) filters.push(eq(messages.isStarred, scope.isStarred));
  if (scope.hasAttachments !== undefined) filters.push(eq(messages.hasAttachments, scope.hasAttachments));
  return and(owned, ...filters)!;
}

/** Adds up what left (or changed in) each folder. */
async function moveCounts(tx: Tx, changed: Changed[], sign: -1 | 1, unreadOnly = false): Promise<void> {
  const byFolder = new Map<number, { total: number; unread: number }>();
  for (const row of changed) {
    const entry = byFolder.get(row.mailboxId) ?? { total: 0, unread: 0 };
    entry.total += 1;
    if (!row.isRead) entry.unread += 1;
    byFolder.set(row.mailboxId, entry);
  }
  for (const [mailboxId, entry] of byFolder) {
    await adjustCounts(tx, mailboxId, {
      total: unreadOnly ? 0 : sign * entry.total,
      unread: sign * entry.unread,
    });
  }
}

type Rows = { rows: Record<string, unknown>[] };
const changedRows = (result: unknown): Changed[] =>
  (result as Rows).rows.map((row) => ({
    mailboxId: Number(row.mailbox_id),
    isRead: row.is_read === true || row.is_read === 't',
  }));

/**
 * Moves the selection (but what is already there) into one folder; answers the rows as they were.
 * Into Trash each remembers the folder it left, for Restore (folder-moves.ts).
 */
async function moveSelection(
  tx: Tx,
  selection: SQL,
  target: { id: number; type: string },
): Promise<Changed[]> {
  const targetId = target.id;
  const trashedFrom = target.type === 'TRASH' ? sql`picked.mailbox_id` : sql`NULL`;
  const result = await tx.execute(sql`
    WITH picked AS (
      SELECT ${messages.id} AS id, ${messages.mailboxId} AS mailbox_id, ${messages.isRead} AS is_read
      FROM ${messages}
      WHERE ${selection} AND ${messages.mailboxId} <> ${targetId}
      FOR UPDATE
    )
    UPDATE messages SET mailbox_id = ${targetId}, trashed_from_id = ${trashedFrom}, updated_at = now()
    FROM picked WHERE messages.id = picked.id
    RETURNING picked.mailbox_id, picked.is_read`);
  const moved = changedRows(result);
  await moveCounts(tx, moved, -1);
  const unread = moved.filter((row) => !row.isRead).length;
  await adjustCounts(tx, targetId, { total: moved.length, unread });
  return moved;
}

export async function applyBulk(deps: MessagesDeps, userId: number, request: BulkRequest): Promise<number> {
  return deps.database.transaction(async (tx) => {
    const selection = await selectionOf(tx, userId, request);
    switch (request.action) {
      case 'READ':
      case 'UNREAD': {
        const isRead = request.action === 'READ';
        const rows = await tx
          .update(messages)
          .set({ isRead, updatedAt: new Date() })
          .where(and(selection, eq(messages.isRead, !isRead)))
          .returning({ id: messages.id, mailboxId: messages.mailboxId });
        await moveCounts(
          tx,
          rows.map((row) => ({ mailboxId: row.mailboxId, isRead: false })),
          isRead ? -1 : 1,
          true,
        );
        const ids = isRead ? rows.map((row) => row.id) : [];
        // In slices: a whole folder may be tens of thousands of ids, over a statement's parameters.
        for (let at = 0; at < ids.length; at += 1000) {
          await deps.read.markReadForMessages(tx, userId, ids.slice(at, at + 1000));
        }
        return rows.length;
      }
      case 'STAR':
      case 'UNSTAR': {
        const isStarred = request.action === 'STAR';
        const rows = await tx
          .update(messages)
          .set({ isStarred, updatedAt: new Date() })
          .where(and(selection, eq(messages.isStarred, !isStarred)))
          .returning({ id: messages.id });
        return rows.length;
      }
      case 'MOVE': {
        const target = await getOwnedFolder(tx, userId, request.targetMailboxId as number);
        await assertMayMoveInto(tx, userId, selection, target);
        return (await moveSelection(tx, selection, target)).length;
      }
      case 'RESTORE':
        return restoreFromTrash(tx, userId, selection);
      case 'DELETE': {
        const trash = await getSystemFolder(tx, userId, 'TRASH');
        // From the trash, or when asked, for good; from anywhere else into the trash.
        const forGood = request.permanent ? selection : and(selection, eq(messages.mailboxId, trash.id))!;
        const removed = await tx
          .delete(messages)
          .where(forGood)
          .returning({ mailboxId: messages.mailboxId, isRead: messages.isRead });
        await moveCounts(tx, removed, -1);
        const moved = request.permanent ? [] : await moveSelection(tx, selection, trash);
        return removed.length + moved.length;
      }
    }
  });
}
