import type { Tx } from '../../db/client.js';
import { mailboxes } from '../../db/schema/core.js';

/**
 * The folders every user has from the start; their names are shown translated by type. Archive too
 * since issue 34 (migration 0020 for earlier users): the message page's Archive always has a place.
 */
export const SYSTEM_MAILBOXES = [
  { type: 'INBOX', name: 'Inbox' },
  { type: 'SENT', name: 'Sent' },
  { type: 'DRAFTS', name: 'Drafts' },
  { type: 'TRASH', name: 'Trash' },
  { type: 'ARCHIVE', name: 'Archive' },
  // Mail waiting to go: undo send and send later (issue 36; migration 0025 for earlier users).
  { type: 'SCHEDULED', name: 'Scheduled' },
] as const;

export async function createSystemFolders(tx: Tx, user: { id: number }): Promise<void> {
  await tx
    .insert(mailboxes)
    .values(SYSTEM_MAILBOXES.map((m) => ({ userId: user.id, type: m.type, name: m.name })))
    .onConflictDoNothing();
}
