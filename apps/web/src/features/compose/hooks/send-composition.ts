import type { Message } from '@postline/shared/messages';
import { composeFieldsOf, useComposeForm, type ComposeContext } from './use-compose-form';
import { forgetSentComposition, holdSavesWhileSending, saveDraftNow, whenSavesEnded } from './draft-saving';
import { undoDelayOn } from '../queries';
import { sendForward, sendReply } from '../api/send-answer';
import { sendMessage } from '../api/send-message';
import type { SendProblem } from '../validation';

/**
 * The send and draft checks run the server's zod schemas: loaded at the first press rather than
 * with the page, whose first render zod's 23 kB would otherwise slow on a phone (issue 17).
 */
const loadChecks = () => import('../validation');

export type SendOutcome =
  | { kind: 'problem'; problem: SendProblem }
  /** sent: the copy in Sent, or the mail waiting in Scheduled (mailboxType SCHEDULED, issue 36). */
  | { kind: 'sent'; context: ComposeContext; sent: Message };

/**
 * Sends the mail the form holds as what it is written as: a new mail, a reply, a reply to all or a
 * forward, with its draft (which then leaves Drafts). A save still on its way is waited for, so its
 * draft is the one sent and none is left behind. `sendAt` (ISO): send later, at that time.
 * Rejects with the server's error.
 */
export async function sendAnswer(sendAt?: string): Promise<SendOutcome> {
  const fields = composeFieldsOf(useComposeForm.getState());
  const forwarding = useComposeForm.getState().context.kind === 'FORWARD';
  const found = (await loadChecks()).sendProblem(fields);
  // A forward's note is optional: the original below it is the message (SPEC §5). The body is the
  // last rule checked, so nothing else is skipped.
  const problem = forwarding && found === 'bodyRequired' ? null : found;
  if (problem) return { kind: 'problem', problem };
  // A mail the server will hold (undo delay, send later) comes back as its draft: saved first, so
  // the draft knows its signature as the composer does (issue 36). Nothing to save: no request.
  if (sendAt !== undefined || undoDelayOn()) await saveDraftNow();
  const release = holdSavesWhileSending();
  try {
    await whenSavesEnded();
    return await sendHeld(fields, sendAt);
  } finally {
    release();
  }
}

async function sendHeld(fields: ReturnType<typeof composeFieldsOf>, sendAt?: string): Promise<SendOutcome> {
  const { draftId, context } = useComposeForm.getState();
  const common = {
    toAddresses: fields.to,
    ccAddresses: fields.cc,
    bccAddresses: fields.bcc,
    subject: fields.subject.trim(),
    bodyText: fields.body,
    attachmentIds: fields.attachmentIds,
    ...(draftId !== null ? { draftId } : {}),
  };
  const original = context.originalMessageId;
  let sent: Message;
  if (original !== null && (context.kind === 'REPLY' || context.kind === 'REPLY_ALL')) {
    sent = await sendReply({ ...common, originalMessageId: original }, context.kind === 'REPLY_ALL', sendAt);
  } else if (original !== null && context.kind === 'FORWARD') {
    sent = await sendForward({ ...common, originalMessageId: original }, sendAt);
  } else {
    sent = await sendMessage(common, sendAt);
  }
  forgetSentComposition(draftId, context);
  return { kind: 'sent', context, sent };
}
