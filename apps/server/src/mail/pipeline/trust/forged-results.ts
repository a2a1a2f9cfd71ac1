/*
 * Authentication-Results that claim to be ours (issue 32). RFC 8601 §5: a receiving MTA removes the
 * instances of the field that carry its own authserv-id before it adds its own, or a stranger's
 * "dmarc=pass" would read, in the stored source, as this server's verdict. The same goes for the
 * spam score's fields this server writes. Only the header section
 * is read, only those fields go, and every other byte is kept as it came. Hand-written: no library
 * here parses this field, and what is needed is its first word (RFC 8601 §2.2).
 */

const FIELD_NAME = /^authentication-results[ \t]*:/i;

/** Skips CFWS (RFC 5322 §3.2.2): white space, folds, and comments, which nest and quote. */
function afterCfws(text: string, start: number): number {
  let i = start;
  let depth = 0;
  while (i < text.length) {
    const c = text[i]!;
    if (depth > 0) {
      if (c === '\\') i += 1;
      else if (c === '(') depth += 1;
      else if (c === ')') depth -= 1;
    } else if (c === '(') depth = 1;
    else if (c !== ' ' && c !== '\t' && c !== '\r' && c !== '\n') break;
    i += 1;
  }
  return i;
}

/** The authserv-id a field's value starts with (a token or a quoted string), lower-cased. */
export function authservIdOf(value: string): string | null {
  let i = afterCfws(value, 0);
  if (value[i] !== '"') return /^[^\s;()"]+/.exec(value.slice(i))?.[0].toLowerCase() ?? null;
  let id = '';
  for (i += 1; i < value.length && value[i] !== '"'; i += 1)
    id += value[i] === '\\' ? (value[++i] ?? '') : value[i];
  return id.toLowerCase();
}

/** The fields of a header section, each with its folded lines and line ends as written. */
function fieldsOf(section: string): string[] {
  const fields: string[] = [];
  for (const line of section.split(/(?<=\n)/)) {
    if (fields.length > 0 && (line.startsWith(' ') || line.startsWith('\t')))
      fields[fields.length - 1] += line;
    else fields.push(line);
  }
  return fields;
}

function claimedId(field: string): string | null {
  const name = FIELD_NAME.exec(field);
  return name ? authservIdOf(field.slice(name[0].length)) : null;
}

/**
 * What the header lines this server adds on top claim, so that the message's own copies of such
 * claims can go: the authserv-ids of its Authentication-Results, and the names of its other fields
 * (rspamd's X-Spamd-Result and X-Spam-Action, which a stranger could write "default: False" into).
 */
export interface OwnClaims {
  authservIds: Set<string>;
  fieldNames: Set<string>;
}

const nameOf = (field: string) => /^([^:\s]+)[ \t]*:/.exec(field)?.[1]?.toLowerCase() ?? null;

export function claimsIn(headers: string): OwnClaims {
  const claims: OwnClaims = { authservIds: new Set(), fieldNames: new Set() };
  for (const field of fieldsOf(headers)) {
    const id = claimedId(field);
    const name = nameOf(field);
    if (id !== null) claims.authservIds.add(id);
    else if (name !== null) claims.fieldNames.add(name);
  }
  return claims;
}

function isForged(field: string, claims: OwnClaims): boolean {
  const id = claimedId(field);
  if (id !== null) return claims.authservIds.has(id);
  const name = nameOf(field);
  return name !== null && claims.fieldNames.has(name);
}

/** Where the header section of a part ends (after its last field's line end), or -1 if it goes on. */
function headerEnd(part: Buffer, atLineStart: boolean): number {
  if (atLineStart && (part[0] === 0x0a || (part[0] === 0x0d && part[1] === 0x0a))) return 0;
  const ends = [part.indexOf('\n\r\n'), part.indexOf('\n\n')].filter((at) => at >= 0);
  return ends.length > 0 ? Math.min(...ends) + 1 : -1;
}

function withoutClaims(section: Buffer, claims: OwnClaims): Buffer {
  // latin1 maps each byte to one character and back, so the kept bytes are the bytes that came.
  const text = section.toString('latin1');
  const fields = fieldsOf(text);
  const kept = fields.filter((field) => !isForged(field, claims));
  return kept.length === fields.length ? section : Buffer.from(kept.join(''), 'latin1');
}

/**
 * The source as stored (this hop's trace, then the bytes that came), less the fields of its header
 * section that make the claims this server's own lines make (`claimsIn`).
 */
export function withoutForgedResults(source: readonly Buffer[], claims: OwnClaims): Buffer[] {
  if (claims.authservIds.size === 0 && claims.fieldNames.size === 0) return [...source];
  const parts: Buffer[] = [];
  let inHeader = true;
  let atLineStart = true;
  for (const part of source) {
    if (!inHeader || part.length === 0) {
      parts.push(part);
      continue;
    }
    const end = headerEnd(part, atLineStart);
    if (end < 0) {
      // Parts are whole lines (incoming-mime.ts: the trace block, then the message), so a field never spans two.
      parts.push(withoutClaims(part, claims));
      atLineStart = part[part.length - 1] === 0x0a;
      continue;
    }
    const section = part.subarray(0, end);
    const kept = withoutClaims(section, claims);
    // Nearly every message claims nothing: its bytes (up to 50 MB) are kept, not copied.
    parts.push(kept === section ? part : Buffer.concat([kept, part.subarray(end)]));
    inHeader = false;
  }
  return parts;
}
