import type { FastifyBaseLogger } from 'fastify';
import type { Tx } from '../../db/client.js';
import type { Destination, MessageDisposition } from './engine/disposition.js';
import { adjustCounts, ensureSpecialFolder, findOwnedFolder, getSystemFolder } from '../folders/index.js';
import { setMessageState, type MessageRow } from '../messages/index.js';
import { isFilterTarget } from './folders.js';

export interface ResolvedFolder {
  id: number;
  name: string;
}

type Logger = Pick<FastifyBaseLogger, 'warn'>;

/**
 * Where a disposition sends mail, as one of this user's folders; null means "leave it where it is".
 * A MOVE_TO_FOLDER id that is not the user's (deleted since, or never theirs) is ignored and logged:
 * a filter can never put mail into someone else's folder.
 */
export async function resolveDestination(
  tx: Tx,
  userId: number,
  destination: Destination,
  log: Logger,
): Promise<ResolvedFolder | null> {
  switch (destination.kind) {
    case 'inbox':
      return null;
    case 'folder': {
      const id = /^\d{1,9}$/.test(destination.mailboxId) ? Number(destination.mailboxId) : NaN;
      const row = Number.isFinite(id) ? await findOwnedFolder(tx, userId, id) : undefined;
      if (!row || !isFilterTarget(row)) {
        log.warn(
          { userId, mailboxId: destination.mailboxId },
          "filter folder is not one of the user's folders; move ignored",
        );
        return null;
      }
      return { id: row.id, name: row.name };
    }
    case 'trash': {
      const row = await getSystemFolder(tx, userId, 'TRASH');
      return { id: row.id, name: row.name };
    }
    case 'spam':
    case 'archive': {
      const row = await ensureSpecialFolder(tx, userId, destination.kind === 'spam' ? 'SPAM' : 'ARCHIVE');
      return { id: row.id, name: row.name };
    }
  }
}

/** What applying filters to a stored message changed. */
export interface AppliedChange {
  messageId: number;
  previousMailboxId: number;
  mailboxId: number;
  moved: boolean;
  isRead: boolean;
  isStarred: boolean;
  labels: string[];
  changed: boolean;
}

/**
 * Applies a disposition to a stored, locked message: folder, read, star and labels, with both
 * folders' counts moved in the same transaction. Forwards and auto replies are not sent for mail
 * that has already arrived.
 */
export async function applyDispositionToStored(
  tx: Tx,
  row: MessageRow,
  d: MessageDisposition,
  log: Logger,
): Promise<AppliedChange> {
  let target = await resolveDestination(tx, row.userId, d.destination, log);
  if (!target && d.notSpam) {
    // NOT_SPAM on mail already sitting in Spam brings it back to the inbox.
    const spam = await getSystemFolder(tx, row.userId, 'SPAM').catch(() => null);
    if (spam && spam.id === row.mailboxId) {
      const inbox = await getSystemFolder(tx, row.userId, 'INBOX');
      target = { id: inbox.id, name: inbox.name };
    }
  }
  const mailboxId = target?.id ?? row.mailboxId;
  const isRead = d.read ?? row.isRead;
  const isStarred = d.starred ?? row.isStarred;
  const labels = [...row.labels, ...d.labels.filter((l) => !row.labels.includes(l))];
  const moved = mailboxId !== row.mailboxId;
  const changed =
    moved || isRead !== row.isRead || isStarred !== row.isStarred || labels.length !== row.labels.length;
  if (changed) {
    await setMessageState(tx, row.id, { mailboxId, isRead, isStarred, labels });
    if (moved) {
      await adjustCounts(tx, row.mailboxId, { total: -1, unread: row.isRead ? 0 : -1 });
      await adjustCounts(tx, mailboxId, { total: 1, unread: isRead ? 0 : 1 });
    } else if (isRead !== row.isRead) {
      await adjustCounts(tx, mailboxId, { unread: isRead ? -1 : 1 });
    }
  }
  return {
    messageId: row.id,
    previousMailboxId: row.mailboxId,
    mailboxId,
    moved,
    isRead,
    isStarred,
    labels,
    changed,
  };
}
