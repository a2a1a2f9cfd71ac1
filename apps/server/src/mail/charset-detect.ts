import { isAscii } from 'node:buffer';
import iconv from 'iconv-lite';

/**
 * Guessing order for bytes that carry no usable charset label. UTF-8 first: its validity test almost
 * never passes by accident. Then CP949 (EUC-KR plus the extension Hangul such as 똠 and 샾), because
 * this product's users are Korean and old Korean clients send unlabelled EUC-KR. windows-1252 last.
 */
const GUESS_ORDER = ['utf-8', 'cp949', 'windows-1252'] as const;

const REPLACEMENT = '\ufffd';

/** Whether any byte is 0x80 or above; on the bytes, so a large message is never copied into a string. */
export function hasEightBit(bytes: Buffer): boolean {
  return !isAscii(bytes);
}

function normalLabel(label: string): string {
  const name = label.trim().toLowerCase();
  // Node's ICU "euc-kr" decoder drops the lead byte of extension Hangul (똠 becomes "c") without an
  // error, so every Korean label goes to iconv-lite's CP949, the superset actually in use.
  return /^(euc-?kr|ks_c_5601-1987|ksc5601|korean|cp949|windows-949|uhc)$/.test(name) ? 'cp949' : name;
}

/**
 * Bytes in one charset, or null when the label is unknown or the bytes are not valid in it. UTF-8
 * uses the WHATWG decoder in fatal mode; the rest use iconv-lite, which marks what it cannot map
 * with U+FFFD (a character none of these charsets can encode, so its presence means invalid bytes).
 * Node's own legacy decoders are not used: they drop unmappable bytes silently.
 */
export function decodeStrictly(bytes: Buffer, label: string): string | null {
  const name = normalLabel(label);
  if (name === 'utf-8' || name === 'utf8') {
    try {
      return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    } catch {
      return null;
    }
  }
  if (!iconv.encodingExists(name)) return null;
  const text = iconv.decode(bytes, name);
  return text.includes(REPLACEMENT) ? null : text;
}

/** The first charset in which these bytes are valid; labels the caller trusts more come first. */
export function detectCharset(bytes: Buffer, preferred: string[] = []): string {
  if (!hasEightBit(bytes)) return 'utf-8';
  for (const label of ['utf-8', ...preferred, ...GUESS_ORDER]) {
    if (decodeStrictly(bytes, label) !== null) return normalLabel(label);
  }
  // Only the five bytes windows-1252 leaves unassigned get here; latin1 maps every byte.
  return 'latin1';
}

/** Bytes to text in the detected charset: every byte becomes a character, none becomes U+FFFD. */
export function decodeDetected(bytes: Buffer, preferred: string[] = []): string {
  return decodeStrictly(bytes, detectCharset(bytes, preferred)) ?? bytes.toString('latin1');
}

/**
 * Bytes in a declared charset, as well as can be done: iconv-lite for every label it knows (CP949
 * for the Korean ones), UTF-8 for the rest, since a label nobody knows is no better than none.
 */
export function decodeDeclared(bytes: Buffer, label: string): string {
  const name = normalLabel(label);
  return iconv.encodingExists(name) ? iconv.decode(bytes, name) : decodeDetected(bytes);
}

/** Whether mailparser (iconv-lite, plus its own ISO-2022-JP) or charsets.ts can decode this label. */
export function isKnownCharset(label: string): boolean {
  const name = normalLabel(label);
  return /^iso-?2022-?(kr|jp)/.test(name) || iconv.encodingExists(name);
}
