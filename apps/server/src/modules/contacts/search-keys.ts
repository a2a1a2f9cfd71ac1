import { getChoseong } from 'es-hangul';

/*
 * What autocomplete and the contacts list match the start of: the name in lower case, the name
 * after its first word ("smith" of "John Smith"), and the Korean initial consonants of the name
 * (ㄱㅁㅈ of 김민지, by es-hangul's getChoseong). Stored beside each name (0023_contacts.sql), so a
 * query is a prefix range of an index, never a scan.
 */
export interface NameKeys {
  nameKey: string;
  nameRest: string;
  initials: string;
}

const HANGUL_INITIALS = /[\u3131-\u314e]/gu;

export function nameKeysOf(name: string | null | undefined): NameKeys {
  const nameKey = (name ?? '').trim().replace(/\s+/gu, ' ').toLowerCase();
  const space = nameKey.indexOf(' ');
  const nameRest = space < 0 ? '' : nameKey.slice(space + 1);
  const initials = (getChoseong(nameKey).match(HANGUL_INITIALS) ?? []).join('');
  return { nameKey, nameRest, initials };
}

/** The query as typed, folded as the keys are: trimmed, spaces squeezed, lower case. */
export function foldQuery(q: string): string {
  return q.trim().replace(/\s+/gu, ' ').toLowerCase();
}

/** A LIKE pattern for "starts with": the user's %, _ and \ taken literally. */
export function prefixPattern(q: string): string {
  return `${q.replace(/[\\%_]/gu, (ch) => `\\${ch}`)}%`;
}
