import type { ComposeContext, ComposeFields } from './hooks/use-compose-form';

/*
 * What a user has written and the server does not have yet, kept in this browser's local storage
 * (issue 34): a reload, a closed tab, a lost connection or a session that ended while writing loses
 * nothing. One record per mail being written, keyed by its draft (once the server has one) or by
 * what it answers; removed once the server holds the same, or the mail is sent or discarded. Kept
 * per user, so a second person signing in on this browser never finds the first one's text.
 */

export interface UnsentMail {
  fields: ComposeFields;
  draftId: number | null;
  context: ComposeContext;
  signatureId: number | null;
  signature: string | null;
  /** When it was written down here (ms). */
  at: number;
}

const PREFIX = 'postline.unsent.';

/** The key of a mail: its draft, else what it answers, else "a new mail". */
export function unsentKey(draftId: number | null, context: ComposeContext): string {
  if (draftId !== null) return `draft:${draftId}`;
  return context.originalMessageId === null ? 'new' : `${context.kind}:${context.originalMessageId}`;
}

function storageKey(userId: number): string {
  return `${PREFIX}${userId}`;
}

function readAll(userId: number): Record<string, UnsentMail> {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(storageKey(userId)) ?? '{}');
    return parsed && typeof parsed === 'object' ? (parsed as Record<string, UnsentMail>) : {};
  } catch {
    return {};
  }
}

function writeAll(userId: number, records: Record<string, UnsentMail>): void {
  try {
    if (Object.keys(records).length === 0) localStorage.removeItem(storageKey(userId));
    else localStorage.setItem(storageKey(userId), JSON.stringify(records));
  } catch {
    // A full or forbidden storage (private modes): the server draft is then the only copy.
  }
}

export function readUnsent(userId: number, key: string): UnsentMail | null {
  return readAll(userId)[key] ?? null;
}

export function keepUnsent(userId: number, key: string, mail: UnsentMail): void {
  writeAll(userId, { ...readAll(userId), [key]: mail });
}

export function forgetUnsent(userId: number, ...keys: string[]): void {
  const records = readAll(userId);
  for (const key of keys) delete records[key];
  writeAll(userId, records);
}
