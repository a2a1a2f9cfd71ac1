import { composeFieldsOf, useComposeForm, type ComposeContext } from './use-compose-form';
import { forgetSentComposition, holdSavesWhileSending, whenSavesEnded } from './draft-saving';
import { sendForward, sendReply } from '../api/send-answer';
import { sendMessage } from '../api/send-message';
import type { SendProblem } from '../validation';

/**
 * The send and draft checks run the server's zod schemas: loaded at the first press rather than
 * with the page, whose first render zod's 23 kB would otherwise slow on a phone (issue 17).
 */
const loadChecks = () => import('../validation');

export type SendOutcome =
  { kind: 'problem'; problem: SendProblem } | { kind: 'sent'; context: ComposeContext };

/**
 * Sends the mail the form holds as what it is written as: a new mail, a reply, a reply to all or a
 * forward, with its draft (which then leaves Drafts). A save still on its way is waited for, so its
 * draft is the one sent and none is left behind. Rejects with the server's error.
 */
export async function sendAnswer(): Promise<SendOutcome> {
  const fields = composeFieldsOf(useComposeForm.getState());
  const forwarding = useComposeForm.getState().context.kind === 'FORWARD';
  const found = (await loadChecks()).sendProblem(fields);
  // A forward's note is optional: the original below it is the message (SPEC §5). The body is the
  // last rule checked, so nothing else is skipped.
  const problem = forwarding && found === 'bodyRequired' ? null : found;
  if (problem) return { kind: 'problem', problem };
  const release = holdSavesWhileSending();
  try {
    await whenSavesEnded();
    return await sendHeld(fields);
  } finally {
    release();
  }
}

async function sendHeld(fields: ReturnType<typeof composeFieldsOf>): Promise<SendOutcome> {
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
  if (original !== null && (context.kind === 'REPLY' || context.kind === 'REPLY_ALL')) {
    await sendReply({ ...common, originalMessageId: original }, context.kind === 'REPLY_ALL');
  } else if (original !== null && context.kind === 'FORWARD') {
    await sendForward({ ...common, originalMessageId: original });
  } else {
    await sendMessage(common);
  }
  forgetSentComposition(draftId, context);
  return { kind: 'sent', context };
}
