import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { messages } from '../../db/schema/mail.js';
import { adjustCounts } from '../folders/index.js';
import { lockOwnedDraft } from './store.js';

/**
 * Puts the user's draft `draftId` into `folder`, dated `at`, with the folders' counts (issue 36):
 * into Scheduled while it waits to go (dated when it goes, so the list shows and sorts by that),
 * back into Drafts when it is cancelled. Answers false when it is not the user's draft.
 */
export async function placeDraft(
  tx: Tx,
  userId: number,
  draftId: number,
  folder: { id: number },
  at: Date,
): Promise<boolean> {
  const draft = await lockOwnedDraft(tx, userId, draftId);
  if (!draft) return false;
  await tx
    .update(messages)
    .set({ mailboxId: folder.id, receivedAt: at, updatedAt: new Date(), trashedFromId: null })
    .where(eq(messages.id, draft.id));
  if (draft.mailboxId !== folder.id) {
    const unread = draft.isRead ? 0 : 1;
    await adjustCounts(tx, draft.mailboxId, { total: -1, unread: -unread });
    await adjustCounts(tx, folder.id, { total: 1, unread });
  }
  return true;
}
