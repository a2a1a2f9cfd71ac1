import { and, desc, eq } from 'drizzle-orm';
import type { DraftContext, DraftContextRequest, DraftSummary } from '@postline/shared/drafts';
import type { Queryable, Tx } from '../../db/client.js';
import { draftContexts } from '../../db/schema/drafts.js';
import { messages } from '../../db/schema/mail.js';
import { signatures } from '../../db/schema/signatures.js';
import { AppError } from '../../lib/errors.js';
import { getOwnedMessage } from '../messages/index.js';

/** What a draft without a row is: a new mail without a remembered signature (drafts before issue 34). */
export const NEW_MAIL: DraftContext = {
  kind: 'NEW',
  originalMessageId: null,
  signatureId: null,
  signatureText: null,
};

/**
 * Stores what draft `draftId` is written as. The message answered must be the user's own, and so
 * must the signature: another user's ids are not found, as everywhere else.
 */
export async function saveDraftContext(
  tx: Tx,
  userId: number,
  draftId: number,
  context: DraftContextRequest,
): Promise<void> {
  if (context.originalMessageId !== null) await getOwnedMessage(tx, userId, context.originalMessageId);
  if (context.signatureId !== null) {
    const [own] = await tx
      .select({ id: signatures.id })
      .from(signatures)
      .where(and(eq(signatures.id, context.signatureId), eq(signatures.userId, userId)));
    if (!own) throw new AppError(404, 'SIGNATURE_NOT_FOUND');
  }
  const row = {
    kind: context.kind,
    originalMessageId: context.originalMessageId,
    signatureId: context.signatureId,
    signatureText: context.signatureId === null ? null : context.signatureText,
    updatedAt: new Date(),
  };
  await tx
    .insert(draftContexts)
    .values({ messageId: draftId, ...row })
    .onConflictDoUpdate({ target: draftContexts.messageId, set: row });
}

export async function readDraftContext(db: Queryable, draftId: number): Promise<DraftContext> {
  const [row] = await db.select().from(draftContexts).where(eq(draftContexts.messageId, draftId));
  if (!row) return NEW_MAIL;
  return {
    kind: row.kind,
    originalMessageId: row.originalMessageId,
    signatureId: row.signatureId,
    signatureText: row.signatureId === null ? null : row.signatureText,
  };
}

/** The user's drafts that answer or forward message `originalId`, the latest saved first. */
export async function draftsAnswering(
  db: Queryable,
  userId: number,
  originalId: number,
): Promise<DraftSummary[]> {
  const rows = await db
    .select({
      id: messages.id,
      kind: draftContexts.kind,
      subject: messages.subject,
      updatedAt: messages.updatedAt,
    })
    .from(draftContexts)
    .innerJoin(messages, eq(messages.id, draftContexts.messageId))
    .where(
      and(
        eq(draftContexts.originalMessageId, originalId),
        eq(messages.userId, userId),
        eq(messages.isDraft, true),
      ),
    )
    .orderBy(desc(messages.updatedAt), desc(messages.id));
  return rows.map((row) => ({ ...row, updatedAt: row.updatedAt.toISOString() }));
}
