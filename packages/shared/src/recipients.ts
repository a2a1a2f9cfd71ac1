import { EMAIL_ADDRESS_MAX, EMAIL_PATTERN } from './limits.js';

/**
 * A recipient as people write and paste them (issue 34): `Name <address>`, `"Last, First"
 * <address>` or a bare address. The name goes with the mail (To: 이준 <jun@example.com>); the
 * address is what is checked and delivered to. No zod here: compose reads it on its first render.
 */
export interface Recipient {
  address: string;
  name: string | null;
}

/** A display name longer than this is not a name someone typed. */
export const RECIPIENT_NAME_MAX = 200;

const WITH_NAME = /^(.*?)\s*<([^<>]*)>$/s;

/** SPEC §5's pattern, without the brackets and quotes that belong around an address, not in it. */
function isAddress(value: string): boolean {
  return value.length <= EMAIL_ADDRESS_MAX && EMAIL_PATTERN.test(value) && !/[<>"]/.test(value);
}

/** The name as written, without the quotes (and their escapes) around it; blank is none. */
function unquote(name: string): string | null {
  let text = name.trim();
  if (text.length >= 2 && text.startsWith('"') && text.endsWith('"')) {
    text = text.slice(1, -1).replace(/\\(.)/g, '$1').trim();
  }
  return text === '' ? null : text;
}

/** The recipient `text` names, or null when its address is not one (SPEC §5's pattern). */
export function parseRecipient(text: string): Recipient | null {
  const trimmed = text.trim();
  const named = WITH_NAME.exec(trimmed);
  if (!named) return isAddress(trimmed) ? { address: trimmed, name: null } : null;
  const address = (named[2] ?? '').trim();
  const name = unquote(named[1] ?? '');
  if (!isAddress(address) || (name !== null && name.length > RECIPIENT_NAME_MAX)) return null;
  return { address, name };
}

export function isValidRecipient(text: string): boolean {
  return parseRecipient(text) !== null;
}

/** RFC 5322 atext and spaces: a name of only these needs no quotes (Korean letters included). */
const PLAIN_NAME = /^[^"\\,;:<>@()[\]]+$/;

/** `Name <address>`, quoting the name when it holds a comma or another special (RFC 5322 3.2.4). */
export function formatRecipient({ address, name }: Recipient): string {
  if (!name) return address;
  const shown = PLAIN_NAME.test(name) ? name : `"${name.replace(/(["\\])/g, '\\$1')}"`;
  return `${shown} <${address}>`;
}

/**
 * The entries of a typed or pasted list: separated by commas, semicolons (Outlook) or new lines,
 * except inside a quoted name ("Kim, Minji" <minji@example.com>). Hand-written: a dozen lines,
 * where an RFC 5322 parser would bring groups and comments no person pastes.
 */
export function splitRecipientList(text: string): string[] {
  const entries: string[] = [];
  let current = '';
  let quoted = false;
  for (let i = 0; i < text.length; i += 1) {
    const char = text[i] ?? '';
    if (char === '\\' && quoted) {
      current += char + (text[i + 1] ?? '');
      i += 1;
    } else if (char === '"') {
      quoted = !quoted;
      current += char;
    } else if (!quoted && /[,;\r\n]/.test(char)) {
      entries.push(current);
      current = '';
    } else {
      current += char;
    }
  }
  entries.push(current);
  return entries.map((entry) => entry.trim()).filter(Boolean);
}

/** The same address, whatever the case and the name given with it. */
export function sameRecipient(a: string, b: string): boolean {
  const left = parseRecipient(a)?.address ?? a.trim();
  const right = parseRecipient(b)?.address ?? b.trim();
  return left.toLowerCase() === right.toLowerCase();
}
