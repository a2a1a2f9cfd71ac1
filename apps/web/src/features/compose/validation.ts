import { saveDraftRequestSchema, sendMessageRequestSchema } from '@postline/shared/message-requests';
import { splitValidationMessage } from '@postline/shared/validation-messages';
import type { ComposeFields } from './hooks/use-compose-form';

/** The compose toasts a failed check shows (SPEC §8), in the order the user should fix them. */
export const SEND_PROBLEMS = ['invalidEmail', 'toRequired', 'subjectRequired', 'bodyRequired'] as const;
export type SendProblem = (typeof SEND_PROBLEMS)[number];
export type DraftProblem = 'invalidEmail' | 'draftSubjectRequired';

function issueKeys(result: { success: boolean; error?: { issues: { message: string }[] } }): Set<string> {
  return new Set(result.error?.issues.map((issue) => splitValidationMessage(issue.message).key) ?? []);
}

function payload(fields: ComposeFields) {
  return {
    toAddresses: fields.to,
    ccAddresses: fields.cc,
    bccAddresses: fields.bcc,
    subject: fields.subject,
    bodyText: fields.body,
    attachmentIds: fields.attachmentIds,
  };
}

/**
 * The send rules of SPEC §5, checked with the same schema the server uses: at least one to, a
 * subject and a body that are not blank, every address well formed. Null when it may be sent.
 */
export function sendProblem(fields: ComposeFields): SendProblem | null {
  const keys = issueKeys(sendMessageRequestSchema.safeParse(payload(fields)));
  // The body rule runs only once the rest passes; check it here so the order stays fixed.
  if (fields.body.trim() === '') keys.add('bodyRequired');
  return SEND_PROBLEMS.find((problem) => keys.has(problem)) ?? null;
}

/** A draft needs only a subject (and addresses that are well formed, if any). */
export function draftProblem(fields: ComposeFields): DraftProblem | null {
  const keys = issueKeys(saveDraftRequestSchema.safeParse(payload(fields)));
  if (keys.has('invalidEmail')) return 'invalidEmail';
  if (keys.has('draftSubjectRequired')) return 'draftSubjectRequired';
  return null;
}
