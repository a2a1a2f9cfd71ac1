import { and, eq, ne } from 'drizzle-orm';
import type { Message } from '@postline/shared/messages';
import type { Database, Queryable, Tx } from '../../db/client.js';
import { messages } from '../../db/schema/mail.js';
import { AppError } from '../../lib/errors.js';
import { adjustCounts, getOwnedFolder, getSystemFolder } from '../folders/index.js';
import { presentMessage } from './presenter.js';
import { findMessageRow, lockMessageRow, type MessageDetailRow, type MessageRow } from './repository.js';
import { localizedText } from '../../lib/i18n.js';
import { assertMayMoveInto, restoreFromTrash } from './folder-moves.js';
import type { MessagesDeps } from './ports.js';

/*
 * A message's states (SPEC §4): read, starred, its folder, deleted. Every change of folder or read
 * state moves the folder counts in the same transaction, through adjustCounts.
 */

const notFound = () => new AppError(404, 'MAIL_NOT_FOUND', { text: localizedText('messages:notFound') });

/** The user's message with its folder type; anyone else's id is MAIL_NOT_FOUND. */
export async function getOwnedMessage(db: Queryable, userId: number, id: number): Promise<MessageDetailRow> {
  const row = await findMessageRow(db, userId, id);
  if (!row) throw notFound();
  return row;
}

/** GET /messages/{id}. Reading never marks it read: the client does that with PATCH .../read. */
export async function getMessage(deps: MessagesDeps, userId: number, id: number): Promise<Message> {
  const db = deps.database.db;
  const row = await getOwnedMessage(db, userId, id);
  return presentMessage(row, await deps.files.list(db, userId, id));
}

/** The user's message locked for a change in this transaction; anyone else's id is MAIL_NOT_FOUND. */
export async function lockOwnedMessage(tx: Tx, userId: number, id: number): Promise<MessageRow> {
  const row = await lockMessageRow(tx, userId, id);
  if (!row) throw notFound();
  return row;
}

export async function markRead(deps: MessagesDeps, userId: number, id: number, isRead: boolean) {
  await deps.database.transaction(async (tx) => {
    const row = await lockOwnedMessage(tx, userId, id);
    if (isRead) await deps.read.markReadForMessages(tx, userId, [id]);
    if (row.isRead === isRead) return;
    await tx.update(messages).set({ isRead, updatedAt: new Date() }).where(eq(messages.id, id));
    await adjustCounts(tx, row.mailboxId, { unread: isRead ? -1 : 1 });
  });
}

export async function markStarred(
  database: Database,
  userId: number,
  id: number,
  isStarred: boolean,
): Promise<void> {
  await database.transaction(async (tx) => {
    await lockOwnedMessage(tx, userId, id);
    await tx.update(messages).set({ isStarred, updatedAt: new Date() }).where(eq(messages.id, id));
  });
}

/**
 * Moves a locked row and carries its weight in the counts from one folder to the other; into Trash
 * it remembers the folder it left, where Restore takes it back (folder-moves.ts).
 */
async function moveRow(tx: Tx, row: MessageRow, target: { id: number; type: string }): Promise<void> {
  if (row.mailboxId === target.id) return;
  await tx
    .update(messages)
    .set({
      mailboxId: target.id,
      trashedFromId: target.type === 'TRASH' ? row.mailboxId : null,
      updatedAt: new Date(),
    })
    .where(eq(messages.id, row.id));
  const unread = row.isRead ? 0 : 1;
  await adjustCounts(tx, row.mailboxId, { total: -1, unread: -unread });
  await adjustCounts(tx, target.id, { total: 1, unread });
}

/** PATCH /messages/{id}/move: the target must be the user's own folder, or it is MAIL_NOT_FOUND. */
export async function moveMessage(
  database: Database,
  userId: number,
  id: number,
  targetMailboxId: number,
): Promise<void> {
  await database.transaction(async (tx) => {
    const row = await lockOwnedMessage(tx, userId, id);
    const target = await getOwnedFolder(tx, userId, targetMailboxId);
    await assertMayMoveInto(tx, userId, eq(messages.id, row.id), target);
    await moveRow(tx, row, target);
  });
}

/** Deletes a locked row for good and takes its weight off its folder's counts. */
export async function deleteMessageRow(
  tx: Tx,
  row: Pick<MessageRow, 'id' | 'mailboxId' | 'isRead'>,
): Promise<void> {
  await tx.delete(messages).where(eq(messages.id, row.id));
  await adjustCounts(tx, row.mailboxId, { total: -1, unread: row.isRead ? 0 : -1 });
}

/** DELETE /messages/{id}: to TRASH; from TRASH, or with permanent=true, gone for good. */
export async function deleteMessage(
  database: Database,
  userId: number,
  id: number,
  permanent: boolean,
): Promise<{ permanent: boolean }> {
  return database.transaction(async (tx) => {
    const row = await lockOwnedMessage(tx, userId, id);
    const trash = await getSystemFolder(tx, userId, 'TRASH');
    if (permanent || row.mailboxId === trash.id) {
      await deleteMessageRow(tx, row);
      return { permanent: true };
    }
    await moveRow(tx, row, trash);
    return { permanent: false };
  });
}

/**
 * Empties a folder: TRASH and SPAM lose their mail for good; any other folder's mail goes to TRASH.
 * Answers how many messages left the folder.
 */
export async function emptyFolder(database: Database, userId: number, mailboxId: number): Promise<number> {
  return database.transaction(async (tx) => {
    const folder = await getOwnedFolder(tx, userId, mailboxId);
    if (folder.type === 'TRASH' || folder.type === 'SPAM') {
      const removed = await tx
        .delete(messages)
        .where(and(eq(messages.mailboxId, folder.id), eq(messages.userId, userId)))
        .returning({ isRead: messages.isRead });
      await adjustCounts(tx, folder.id, {
        total: -removed.length,
        unread: -removed.filter((m) => !m.isRead).length,
      });
      return removed.length;
    }
    const trash = await getSystemFolder(tx, userId, 'TRASH');
    const moved = await tx
      .update(messages)
      .set({ mailboxId: trash.id, trashedFromId: folder.id, updatedAt: new Date() })
      .where(
        and(eq(messages.mailboxId, folder.id), eq(messages.userId, userId), ne(messages.mailboxId, trash.id)),
      )
      .returning({ isRead: messages.isRead });
    const unread = moved.filter((m) => !m.isRead).length;
    await adjustCounts(tx, folder.id, { total: -moved.length, unread: -unread });
    await adjustCounts(tx, trash.id, { total: moved.length, unread });
    return moved.length;
  });
}

/** POST /messages/{id}/restore: from Trash back where it came from (folder-moves.ts). */
export async function restoreMessage(database: Database, userId: number, id: number): Promise<void> {
  await database.transaction(async (tx) => {
    const row = await lockOwnedMessage(tx, userId, id);
    await restoreFromTrash(tx, userId, eq(messages.id, row.id), true);
  });
}

export async function emptyTrash(database: Database, userId: number): Promise<number> {
  const trash = await getSystemFolder(database.db, userId, 'TRASH');
  return emptyFolder(database, userId, trash.id);
}
