import { eq } from 'drizzle-orm';
import type { Importance } from '@postline/shared/messages';
import type { Tx } from '../../db/client.js';
import { users } from '../../db/schema/core.js';
import type { AddressEntry } from '../../db/schema/mail.js';
import { AppError } from '../../lib/errors.js';
import { dispatch, type ComposedMail } from '../../mail/pipeline/dispatch.js';
import { composeOutgoing, type OutgoingMail } from '../../mail/format/outgoing-mime.js';
import type { IncomingAttachment } from '../../mail/format/types.js';
import { adjustCounts, getSystemFolder } from '../folders/index.js';
import type { OutgoingAttachmentRequest } from '../attachments/index.js';
import { storedHtml } from '../../mail/format/stored-row.js';
import { deleteMessageRow, insertStoredMessage, lockOwnedDraft } from '../messages/index.js';
import { localizedText } from '../../lib/i18n.js';
import type { ComposeDeps } from './ports.js';
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

async function loadSender(deps: ComposeDeps, userId: number) {
  const [user] = await deps.delivery.database.db.select().from(users).where(eq(users.id, userId));
  if (!user) throw new AppError(401, 'AUTHENTICATION_FAILED');
  return user;
}

/** The draft being sent, locked; anyone else's id or a message that is not a draft is MAIL_NOT_FOUND. */
async function lockDraft(...[tx, userId, draftId]: Parameters<typeof lockOwnedDraft>) {
  const draft = await lockOwnedDraft(tx, userId, draftId);
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
 * What a scheduled send (issue 36) does first in the send's transaction: takes the mail off the
 * schedule. False calls the send off (cancelled meanwhile, or another node sends it).
 */
export type SendClaim = (tx: Tx) => Promise<boolean>;

/** The scheduled mail was no longer there to send (SendClaim answered false). */
export class SendCalledOff extends Error {
  constructor() {
    super('scheduled send called off');
  }
}

/**
 * A person's send, through the one send path (mail/pipeline/dispatch.ts): the message is composed once;
 * the sender's copy in SENT with its files and source, the sent draft's removal and the outbox rows
 * for other domains commit together; then users of this server get it straight into their
 * mailboxes. Answers the id of the sender's copy.
 */
export async function sendMessage(
  deps: ComposeDeps,
  userId: number,
  outgoing: OutgoingMessage,
  claim?: SendClaim,
): Promise<number> {
  const sender = await loadSender(deps, userId);
  const to = recipientEntries(outgoing.to);
  const cc = recipientEntries(outgoing.cc);
  const bcc = recipientEntries(outgoing.bcc);
  const from: AddressEntry = { address: sender.email, name: sender.name };
  const html = storedHtml(outgoing.html);
  const fileRequest = attachmentRequest(outgoing);
  const files: IncomingAttachment[] = fileRequest
    ? await deps.files.load(deps.delivery.database.db, userId, fileRequest)
    : [];
  const listed = files.filter((f) => !f.isInline);

  const mail: OutgoingMail = {
    mailDomain: deps.delivery.mailDomain,
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
    deps.delivery.logger.error({ err: error }, 'composing an outgoing message failed');
    throw new AppError(500, 'MAIL_SEND_FAILED', { text: localizedText('messages:sendFailed') });
  }

  // The source's blob is held from its write until the send transaction has ended either way.
  const sourceHold: { end?: (committed: boolean) => Promise<void> } = {};
  const sentId = await dispatch(
    deps.delivery,
    userId,
    mail,
    async (tx) => {
      if (claim && !(await claim(tx))) return null;
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
          // A new mail's conversation is the database's: by subject and participants, or its own.
          threadId: outgoing.threadId ?? null,
          isRead: true,
          labels: outgoing.labels,
          priority: outgoing.priority,
          importance: outgoing.importance,
          receivedAt: composed.date,
          sentAt: composed.date,
        },
      );
      await adjustCounts(tx, sent.id, { total: 1 });
      sourceHold.end = await deps.files.keepSource(tx, id, composed.raw);
      if (fileRequest) await deps.files.linkToSent(tx, userId, id, fileRequest);
      if (draft) await deleteMessageRow(tx, draft);
      return { result: id, messageId: id };
    },
    composed,
  ).catch(async (error: unknown) => {
    await sourceHold.end?.(false);
    throw error;
  });
  await sourceHold.end?.(true);
  if (sentId === null) throw new SendCalledOff();
  return sentId;
}
