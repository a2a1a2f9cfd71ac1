import { eq } from 'drizzle-orm';
import type { Language } from '@postline/shared/errors';
import type { ForwardRequest, ReplyRequest, SendMessageRequest } from '@postline/shared/message-requests';
import { isValidRecipient } from '@postline/shared/recipients';
import { users } from '../../db/schema/core.js';
import { AppError } from '../../lib/errors.js';
import {
  forwardHtml,
  forwardText,
  replyRecipients,
  replyThreading,
  withForwardPrefix,
  withReplyPrefix,
} from './compose-rules.js';
import {
  fillSenderVariablesInHtml,
  fillSenderVariablesInText,
  senderVariables,
} from '../../mail/format/sender-variables.js';
import { sendMessage, type SendClaim } from './send.js';
import { getOwnedMessage } from '../messages/index.js';
import type { ComposeDeps } from './ports.js';
import { localizedText } from '../../lib/i18n.js';

/** POST /messages, /reply, /reply-all, /forward and the drafts: request bodies into the send path. */

export function invalidAddressError(address: string): AppError {
  return new AppError(400, 'INVALID_EMAIL_ADDRESS', {
    text: localizedText('messages:invalidAddress', { address }),
  });
}

export async function sendNew(
  deps: ComposeDeps,
  userId: number,
  body: SendMessageRequest,
  claim?: SendClaim,
): Promise<number> {
  const values = senderVariables(await me(deps, userId));
  return sendMessage(
    deps,
    userId,
    {
      to: body.toAddresses,
      cc: body.ccAddresses,
      bcc: body.bccAddresses,
      subject: fillSenderVariablesInText(body.subject, values),
      ...filledBody(body, values),
      importance: body.importance,
      priority: body.priority,
      labels: body.labels,
      attachmentIds: body.attachmentIds,
      draftId: body.draftId,
    },
    claim,
  );
}

async function me(deps: ComposeDeps, userId: number): Promise<{ name: string; email: string }> {
  const [found] = await deps.delivery.database.db
    .select({ name: users.name, email: users.email })
    .from(users)
    .where(eq(users.id, userId));
  if (!found) throw new AppError(401, 'AUTHENTICATION_FAILED');
  return found;
}

/** What the person wrote, its {{variables}} filled or taken out (mail/format/sender-variables.ts). */
function filledBody(
  body: { bodyText: string; bodyHtml?: string | null | undefined },
  values: Record<string, string>,
): { text: string; html: string | null | undefined } {
  return {
    text: fillSenderVariablesInText(body.bodyText, values),
    html: body.bodyHtml ? fillSenderVariablesInHtml(body.bodyHtml, values) : body.bodyHtml,
  };
}

/** Who a reply goes to, checked: the dialog's chips, else the reply rule (SPEC §5). */
export async function replyAddresses(
  deps: ComposeDeps,
  userId: number,
  body: Pick<ReplyRequest, 'originalMessageId' | 'toAddresses' | 'ccAddresses'>,
  all: boolean,
) {
  const original = await getOwnedMessage(deps.delivery.database.db, userId, body.originalMessageId);
  const sender = await me(deps, userId);
  const rule = replyRecipients(original, sender.email, all);
  // The dialog shows the rule's answer as chips; what the user left there is who gets it.
  const recipients = {
    to: body.toAddresses ?? rule.to,
    cc: body.ccAddresses ?? (body.toAddresses ? [] : rule.cc),
  };
  if (recipients.to.length === 0)
    throw new AppError(400, 'VALIDATION_ERROR', { text: localizedText('messages:noReplyRecipients') });
  // An address taken from received mail may be one no mail client could answer.
  const bad = [...recipients.to, ...recipients.cc].find((address) => !isValidRecipient(address));
  if (bad !== undefined) throw invalidAddressError(bad);
  return { original, sender, recipients };
}

export async function reply(
  deps: ComposeDeps,
  userId: number,
  body: ReplyRequest,
  all: boolean,
  claim?: SendClaim,
): Promise<number> {
  const { original, sender, recipients } = await replyAddresses(deps, userId, body, all);
  const threading = replyThreading(original);
  return sendMessage(
    deps,
    userId,
    {
      to: recipients.to,
      cc: recipients.cc,
      bcc: body.bccAddresses,
      subject: withReplyPrefix(body.subject),
      ...filledBody(body, senderVariables(sender)),
      importance: body.importance,
      priority: body.priority,
      labels: body.labels,
      attachmentIds: body.attachmentIds,
      inReplyTo: threading.inReplyTo,
      references: threading.references,
      threadId: threading.threadId,
      draftId: body.draftId,
    },
    claim,
  );
}

export async function forward(
  deps: ComposeDeps,
  userId: number,
  body: ForwardRequest,
  language: Language,
  timeZone?: string,
  claim?: SendClaim,
): Promise<number> {
  const original = await getOwnedMessage(deps.delivery.database.db, userId, body.originalMessageId);
  // The note is the person's; the original below it goes as it came.
  const note = fillSenderVariablesInText(body.bodyText, senderVariables(await me(deps, userId)));
  return sendMessage(
    deps,
    userId,
    {
      to: body.toAddresses,
      cc: body.ccAddresses,
      bcc: body.bccAddresses,
      subject: withForwardPrefix(body.subject),
      text: forwardText(note, original, language, timeZone),
      html: forwardHtml(note, original, language, timeZone),
      importance: 'NORMAL',
      priority: 3,
      labels: [],
      attachmentIds: body.attachmentIds,
      forwardAttachmentsFrom: body.includeOriginalAttachments ? original.id : undefined,
      draftId: body.draftId,
    },
    claim,
  );
}
