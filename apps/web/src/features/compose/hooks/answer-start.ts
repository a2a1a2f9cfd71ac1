import { quotedReplyBody, replyQuoteHeading } from '@postline/shared/mail-dates';
import type { Message } from '@postline/shared/messages';
import { replyRecipients } from '@postline/shared/reply-rules';
import { forwardSubject, replySubject } from '@postline/shared/subjects';
import { isLanguage } from '@/lib/i18n';
import { fetchDraftsAnswering } from '../api/drafts-answering';
import { fetchDraft } from '../api/get-draft';
import { readUnsent, unsentKey } from '../unsent-mail';
import {
  useComposeForm,
  type ComposeAccount,
  type ComposeContext,
  type ComposeFields,
} from './use-compose-form';

export type AnswerKind = 'REPLY' | 'REPLY_ALL' | 'FORWARD';

/** The quote below the cursor: "On {date}, {sender} wrote:" and the original, each line with "> ". */
export function replyQuote(message: Message, language: string): string {
  const sender = message.fromName ? `${message.fromName} <${message.fromAddress}>` : message.fromAddress;
  const when = new Date(message.sentAt ?? message.receivedAt);
  const heading = replyQuoteHeading(when, sender, isLanguage(language) ? language : 'ko');
  return quotedReplyBody(message.bodyText, heading);
}

/** How a new answer starts: who gets it (SPEC §2 reply rules), the subject, and the quote. */
function freshAnswer(
  kind: AnswerKind,
  message: Message,
  myAddress: string,
  quote: string,
): Partial<ComposeFields> {
  if (kind === 'FORWARD') return { subject: forwardSubject(message.subject) };
  const recipients = replyRecipients(message, myAddress, kind === 'REPLY_ALL');
  return { to: recipients.to, cc: recipients.cc, subject: replySubject(message.subject), body: quote };
}

/**
 * Starts the form for a reply, reply all or forward of `message` (issue 34): the draft of the same
 * kind already answering it if there is one (one draft per mail, never a second), with what this
 * browser kept of it that the server does not have; else what this browser kept of an answer never
 * saved; else a new answer. `live` says whether the dialog still wants the result.
 */
export async function startAnswer(
  kind: AnswerKind,
  message: Message,
  account: ComposeAccount,
  language: string,
  live: () => boolean,
): Promise<void> {
  const context: ComposeContext = { kind, originalMessageId: message.id };
  const quote = kind === 'FORWARD' ? null : replyQuote(message, language);
  const fresh = freshAnswer(kind, message, account.email, quote ?? '');
  let draft = null;
  try {
    const found = (await fetchDraftsAnswering(message.id)).find((summary) => summary.kind === kind);
    if (found) draft = await fetchDraft(found.id);
  } catch {
    // Offline or signed out: what this browser kept, else a new answer; the draft is still there.
  }
  if (!live()) return;
  const neverSaved = readUnsent(account.id, unsentKey(null, context));
  const { start } = useComposeForm.getState();
  if (draft) {
    const saved = draft.message;
    const kept = readUnsent(account.id, unsentKey(saved.id, context));
    start(
      {
        // As written, names and all (issue 34); the message's lists hold the addresses only.
        to: draft.recipients.to,
        cc: draft.recipients.cc,
        bcc: draft.recipients.bcc,
        subject: saved.subject,
        body: saved.bodyText,
        attachmentIds: saved.attachmentIds,
      },
      saved.id,
      {
        context,
        quote: quote !== null && saved.bodyText.endsWith(quote) ? quote : null,
        signature: kept ? kept.signature : draft.context.signatureText,
        signatureId: kept ? kept.signatureId : draft.context.signatureId,
        ...(kept ? { unsaved: kept.fields } : {}),
      },
    );
    return;
  }
  start(fresh, null, {
    context,
    quote,
    ...(neverSaved
      ? { unsaved: neverSaved.fields, signature: neverSaved.signature, signatureId: neverSaved.signatureId }
      : {}),
  });
}
