/*
 * The subjects a reply and a forward start with. Apart from message-requests.ts, whose request
 * schemas bring zod: the message screen needs these two lines, not a validation library (issue 17).
 */

/** The reply modal's subject: 'Re: ' unless one is already there (SPEC §2). */
export function replySubject(subject: string): string {
  return /^\s*re\s*:/i.test(subject) ? subject : `Re: ${subject}`;
}

/** The forward modal's subject: 'Fwd: ' unless a forward prefix is already there. */
export function forwardSubject(subject: string): string {
  return /^\s*(fwd?|fw)\s*:/i.test(subject) ? subject : `Fwd: ${subject}`;
}
