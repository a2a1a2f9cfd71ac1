import { createHash } from 'node:crypto';

/*
 * What threads mail without In-Reply-To or References into a conversation (issue 36, RFC 5256's
 * base subject): the subject without reply and forward prefixes, and the same participants. Kept
 * in messages.conversation_key (0024_conversations.sql, whose conversation_subject_key made the
 * same key once for mail stored before it); the insert trigger looks the key up by index.
 */

/** Re:, RE:, Fwd:, FW:, AW:, WG:, SV:, VS:, TR:, 회신:, 전달:, 답장:, "Re[2]:", "[Fwd]", repeated. */
const PREFIXES = /^(\s*((re|fwd?|fw|aw|wg|sv|vs|tr|회신|전달|답장)\s*(\[\d+\]|\(\d+\))?\s*[:：]|\[fwd?\]))+/i;

/** The subject a conversation is known by: its prefixes off, lower case; '' when nothing is left. */
export function baseSubject(subject: string): string {
  return subject.replace(PREFIXES, '').trim().toLowerCase();
}

/** Compared as the database's "C" order (code points), as 0024's key for older mail was made. */
const byCodePoint = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * The key: base subject and the participants (From, To, Cc; lower case, sorted, once each), as an
 * MD5 digest; null for a subject that is only prefixes or nothing, which never threads by subject.
 */
export function conversationKey(
  subject: string,
  fromAddress: string,
  to: readonly { address: string }[],
  cc: readonly { address: string }[],
): string | null {
  const base = baseSubject(subject);
  if (base === '') return null;
  const people = [fromAddress, ...to.map((e) => e.address), ...cc.map((e) => e.address)]
    .map((address) => address.trim().toLowerCase())
    .filter((address) => address !== '');
  const participants = [...new Set(people)].sort(byCodePoint).join(' ');
  return createHash('md5').update(`${base}\n${participants}`).digest('hex');
}
