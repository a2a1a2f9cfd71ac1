const ESC = '\x1b';
const SO = '\x0e';
const SI = '\x0f';
const DESIGNATOR = `${ESC}$)C`;
// ISO-2022-KR carries KS X 1001 only, which Node's euc-kr decoder has in full (its extension
// Hangul, CP949's, is where that decoder fails: charset-detect.ts uses iconv-lite for those).
const eucKr = new TextDecoder('euc-kr');

/**
 * mailparser decodes charsets through iconv-lite, which has no ISO-2022-KR (RFC 1557). Such text
 * arrives undecoded, but it is 7-bit, so every byte survives as one character: the shift codes
 * (SO, SI) and the designator are still there and the text can be decoded afterwards, losslessly.
 * Ordinary text never contains SO, so any string without it is returned as it was.
 */
export function decodeIso2022KrText(text: string): string {
  if (!text.includes(SO) && !text.includes(DESIGNATOR)) return text;
  let out = '';
  let shifted = false;
  let pending: number[] = [];
  const flush = () => {
    if (pending.length === 0) return;
    // KS X 1001 in ISO-2022-KR is EUC-KR with the high bit cleared (RFC 1557 section 2).
    out += eucKr.decode(Uint8Array.from(pending, (b) => b | 0x80));
    pending = [];
  };
  for (let i = 0; i < text.length; i += 1) {
    if (text.startsWith(DESIGNATOR, i)) {
      i += DESIGNATOR.length - 1;
      continue;
    }
    const ch = text[i] as string;
    if (ch === SO) {
      shifted = true;
    } else if (ch === SI) {
      flush();
      shifted = false;
    } else if (ch === '\n' || ch === '\r') {
      // RFC 1557: every line starts in ASCII, whatever the previous line left open.
      flush();
      shifted = false;
      out += ch;
    } else if (shifted && ch.charCodeAt(0) >= 0x21 && ch.charCodeAt(0) <= 0x7e) {
      pending.push(ch.charCodeAt(0));
    } else {
      flush();
      out += ch;
    }
  }
  flush();
  return out;
}

/** Text bound for the database: PostgreSQL text and jsonb refuse NUL characters. */
export function storableText(text: string): string {
  return text.includes('\u0000') ? text.split('\u0000').join('') : text;
}

/**
 * A value bound for a jsonb column with every string in it storable: a NUL in a calendar's SUMMARY
 * or a DKIM tag made PostgreSQL refuse the row, and the sender retried for days (issue 32).
 */
export function storableJson<T>(value: T): T {
  if (typeof value === 'string') return storableText(value) as T;
  if (Array.isArray(value)) return value.map((item: unknown) => storableJson(item)) as T;
  if (value !== null && typeof value === 'object' && !(value instanceof Date))
    return Object.fromEntries(
      Object.entries(value).map(([key, item]) => [storableText(key), storableJson(item)]),
    ) as T;
  return value;
}
