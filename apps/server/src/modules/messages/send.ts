import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Importance } from '@postline/shared/messages';
import type { Tx } from '../../db/client.js';
import { users } from '../../db/schema/core.js';
import { messages, type AddressEntry } from '../../db/schema/mail.js';
import { AppError } from '../../lib/errors.js';
import { dispatch, type ComposedMail } from '../../mail/pipeline/dispatch.js';
import { composeOutgoing, type OutgoingMail } from '../../mail/format/outgoing-mime.js';
import type { IncomingAttachment } from '../../mail/format/types.js';
import { adjustCounts, getSystemFolder } from '../folders/index.js';
import type { OutgoingAttachmentRequest } from './extensions.js';
import { storedHtml } from '../../mail/format/stored-row.js';
import { insertStoredMessage } from './store.js';
import { localizedText } from '../../lib/i18n.js';
import { recipientEntries } from './recipient-entries.js';

/** A message on its way out, already validated (SPEC §5) and with its subject prefixed. */
export interface OutgoingMessage {
  /** Addresses, or `Name <address>` (recipient-entries.ts). */
  to: string[];
  cc: string[];
  bcc: string[];
  subject: string;
  text: string;
  html?: string | null | undefined;
  importance: Importance;
  priority: number;
  labels: string[];
  attachmentIds: number[];
  /** Forward: the original whose attachments go along. */
  forwardAttachmentsFrom?: number | undefined;
  /** Sending a saved draft: it leaves DRAFTS in the same transaction. */
  draftId?: number | undefined;
  inReplyTo?: string | null;
  references?: string[];
  threadId?: string | null;
}

async function loadSender(app: FastifyInstance, userId: number) {
  const [user] = await app.database.db.select().from(users).where(eq(users.id, userId));
  if (!user) throw new AppError(401, 'AUTHENTICATION_FAILED');
  return user;
}

/** The draft being sent, locked; anyone else's id or a message that is not a draft is MAIL_NOT_FOUND. */
async function lockDraft(tx: Tx, userId: number, draftId: number) {
  const [draft] = await tx
    .select()
    .from(messages)
    .where(and(eq(messages.id, draftId), eq(messages.userId, userId), eq(messages.isDraft, true)))
    .for('update');
  if (!draft) throw new AppError(404, 'MAIL_NOT_FOUND', { text: localizedText('messages:draftNotFound') });
  return draft;
}

function attachmentRequest(outgoing: OutgoingMessage): OutgoingAttachmentRequest | undefined {
  const request: OutgoingAttachmentRequest = {
    attachmentIds: outgoing.attachmentIds,
    ...(outgoing.forwardAttachmentsFrom !== undefined
      ? { forwardAttachmentsFrom: outgoing.forwardAttachmentsFrom }
      : {}),
    ...(outgoing.draftId !== undefined ? { draftId: outgoing.draftId } : {}),
  };
  const wanted =
    request.attachmentIds.length > 0 ||
    request.forwardAttachmentsFrom !== undefined ||
    request.draftId !== undefined;
  return wanted ? request : undefined;
}

/**
 * A person's send, through the one send path (src/mail/dispatch.ts): the message is composed once;
 * the sender's copy in SENT with its files and source, the sent draft's removal and the outbox rows
 * for other domains commit together; then users of this server get it straight into their
 * mailboxes. Answers the id of the sender's copy.
 */
export async function sendMessage(
  app: FastifyInstance,
  userId: number,
  outgoing: OutgoingMessage,
): Promise<number> {
  const sender = await loadSender(app, userId);
  const to = recipientEntries(outgoing.to);
  const cc = recipientEntries(outgoing.cc);
  const bcc = recipientEntries(outgoing.bcc);
  const from: AddressEntry = { address: sender.email, name: sender.name };
  const html = storedHtml(outgoing.html);
  const hooks = app.messageAttachments;
  const fileRequest = attachmentRequest(outgoing);
  const files: IncomingAttachment[] =
    fileRequest && hooks.loadOutgoing ? await hooks.loadOutgoing(app.database.db, userId, fileRequest) : [];
  const listed = files.filter((f) => !f.isInline);

  const mail: OutgoingMail = {
    mailDomain: app.config.mailDomain,
    from,
    to,
    cc,
    bcc,
    subject: outgoing.subject,
    text: outgoing.text,
    html,
    inReplyTo: outgoing.inReplyTo ?? null,
    references: outgoing.references ?? [],
    importance: outgoing.importance,
    priority: outgoing.priority,
    attachments: files,
  };
  let composed: ComposedMail;
  try {
    composed = await composeOutgoing(mail);
  } catch (error) {
    app.log.error({ err: error }, 'composing an outgoing message failed');
    throw new AppError(500, 'MAIL_SEND_FAILED', { text: localizedText('messages:sendFailed') });
  }

  // The source's blob is held from its write until the send transaction has ended either way.
  const sourceHold: { end?: (committed: boolean) => Promise<void> } = {};
  const sentId = await dispatch(
    app.delivery,
    userId,
    mail,
    async (tx) => {
      const sent = await getSystemFolder(tx, userId, 'SENT');
      const draft =
        outgoing.draftId !== undefined ? await lockDraft(tx, userId, outgoing.draftId) : undefined;
      const id = await insertStoredMessage(
        tx,
        {
          subject: outgoing.subject,
          from,
          to,
          cc,
          bcc,
          text: outgoing.text,
          html,
          listedAttachments: listed.length,
          sizeBytes: composed.raw.length,
        },
        {
          userId,
          mailboxId: sent.id,
          messageIdHeader: composed.messageIdHeader,
          inReplyTo: outgoing.inReplyTo ?? null,
          references: outgoing.references ?? [],
          threadId: outgoing.threadId ?? composed.messageIdHeader,
          isRead: true,
          labels: outgoing.labels,
          priority: outgoing.priority,
          importance: outgoing.importance,
          receivedAt: composed.date,
          sentAt: composed.date,
        },
      );
      await adjustCounts(tx, sent.id, { total: 1 });
      if (hooks.keepSource) sourceHold.end = await hooks.keepSource(tx, id, composed.raw);
      if (fileRequest && hooks.linkOutgoing) await hooks.linkOutgoing(tx, userId, id, fileRequest);
      if (draft) {
        await tx.delete(messages).where(eq(messages.id, draft.id));
        await adjustCounts(tx, draft.mailboxId, { total: -1, unread: draft.isRead ? 0 : -1 });
      }
      return { result: id, messageId: id };
    },
    composed,
  ).catch(async (error: unknown) => {
    await sourceHold.end?.(false);
    throw error;
  });
  await sourceHold.end?.(true);
  if (sentId === null) throw new Error('the send step never calls the send off');
  return sentId;
}
