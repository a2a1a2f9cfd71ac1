import { and, eq, inArray, not, sql, type SQL } from 'drizzle-orm';
import type { Queryable, Tx } from '../../db/client.js';
import { mailboxes, users } from '../../db/schema/core.js';
import { messages } from '../../db/schema/mail.js';
import { AppError } from '../../lib/errors.js';
import { localizedText } from '../../lib/i18n.js';
import { adjustCounts, getSystemFolder } from '../folders/index.js';

/*
 * Which folder a message may go to, and where Restore takes it back (issue 34). Sent holds what
 * the user sent and Drafts what they are still writing, so received mail never goes into either
 * (the move menus do not offer them). A message put in Trash remembers the folder it left
 * (messages.trashed_from_id); Restore takes it back there, or, when that folder is gone or the
 * message was trashed before it was remembered, to where it naturally lives: Drafts for a draft,
 * Sent for the user's own mail, the Inbox for the rest.
 */

/** What the user's own mail is: not a draft, from their address. */
function ownSent(userId: number): SQL {
  return sql`(NOT ${messages.isDraft} AND lower(${messages.fromAddress}) =
    lower((SELECT ${users.email} FROM ${users} WHERE ${users.id} = ${userId})))`;
}

/** Refuses a move into Sent or Drafts of any selected message that does not belong there. */
export async function assertMayMoveInto(
  db: Queryable,
  userId: number,
  selection: SQL,
  target: { type: string },
): Promise<void> {
  // Only a send puts mail in Scheduled, with the time it goes (issue 36).
  if (target.type === 'SCHEDULED')
    throw new AppError(409, 'CONFLICT', { text: localizedText('scheduled:moveIntoRefused') });
  const fits =
    target.type === 'SENT' ? ownSent(userId) : target.type === 'DRAFTS' ? sql`${messages.isDraft}` : null;
  if (!fits) return;
  const [misfit] = await db
    .select({ id: messages.id })
    .from(messages)
    .where(and(selection, not(fits)))
    .limit(1);
  if (!misfit) return;
  const key = target.type === 'SENT' ? 'messages:moveIntoSentRefused' : 'messages:moveIntoDraftsRefused';
  throw new AppError(409, 'CONFLICT', { text: localizedText(key) });
}

interface TrashedRow {
  id: number;
  isRead: boolean;
  isDraft: boolean;
  fromAddress: string;
  trashedFromId: number | null;
}

/**
 * Takes the selected messages that are in Trash back where they came from; answers how many moved.
 * `requireInTrash`: a single message outside Trash is a 409, not a silent nothing.
 */
export async function restoreFromTrash(
  tx: Tx,
  userId: number,
  selection: SQL,
  requireInTrash = false,
): Promise<number> {
  const trash = await getSystemFolder(tx, userId, 'TRASH');
  const rows: TrashedRow[] = await tx
    .select({
      id: messages.id,
      isRead: messages.isRead,
      isDraft: messages.isDraft,
      fromAddress: messages.fromAddress,
      trashedFromId: messages.trashedFromId,
    })
    .from(messages)
    .where(and(selection, eq(messages.mailboxId, trash.id)))
    .for('update');
  if (rows.length === 0) {
    if (requireInTrash)
      throw new AppError(409, 'CONFLICT', { text: localizedText('messages:restoreNotInTrash') });
    return 0;
  }
  const folders = await tx
    .select({ id: mailboxes.id, type: mailboxes.type })
    .from(mailboxes)
    .where(eq(mailboxes.userId, userId));
  const [me] = await tx.select({ email: users.email }).from(users).where(eq(users.id, userId));
  const own = me?.email.toLowerCase();
  const kept = new Set(folders.filter((f) => f.type !== 'TRASH').map((f) => f.id));
  const system = (type: string) => folders.find((f) => f.type === type)?.id;
  const inbox = system('INBOX') ?? (await getSystemFolder(tx, userId, 'INBOX')).id;
  const home = (row: TrashedRow): number => {
    if (row.trashedFromId !== null && kept.has(row.trashedFromId)) return row.trashedFromId;
    if (row.isDraft) return system('DRAFTS') ?? inbox;
    if (own && row.fromAddress.toLowerCase() === own) return system('SENT') ?? inbox;
    return inbox;
  };
  const byTarget = new Map<number, TrashedRow[]>();
  for (const row of rows) byTarget.set(home(row), [...(byTarget.get(home(row)) ?? []), row]);
  for (const [target, moving] of byTarget) {
    const ids = moving.map((row) => row.id);
    // In slices: a whole trash may be tens of thousands of ids, over a statement's parameters.
    for (let at = 0; at < ids.length; at += 1000) {
      await tx
        .update(messages)
        .set({ mailboxId: target, trashedFromId: null, updatedAt: new Date() })
        .where(inArray(messages.id, ids.slice(at, at + 1000)));
    }
    const unread = moving.filter((row) => !row.isRead).length;
    await adjustCounts(tx, trash.id, { total: -moving.length, unread: -unread });
    await adjustCounts(tx, target, { total: moving.length, unread });
  }
  return rows.length;
}
