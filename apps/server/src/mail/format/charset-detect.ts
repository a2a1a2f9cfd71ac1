import { isAscii } from 'node:buffer';
import iconv from 'iconv-lite';

/**
 * Guessing order for bytes that carry no usable charset label. UTF-8 first: its validity test almost
 * never passes by accident. Then CP949 (EUC-KR plus the extension Hangul such as 똠 and 샾), because
 * this product's users are Korean and old Korean clients send unlabelled EUC-KR. windows-1252 last.
 */
const GUESS_ORDER = ['utf-8', 'cp949', 'windows-1252'] as const;

const REPLACEMENT = '\ufffd';

/**
 * Bytes a guess reads (issue 32): trying three charsets over a whole 20 MB body held the event loop
 * for seconds. A sample this long decides as well as the whole: mail is written in one charset.
 */
const DETECTION_SAMPLE_BYTES = 256 * 1024;

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

const SCAN_STEP_BYTES = 64 * 1024;

/**
 * The bytes a guess reads: DETECTION_SAMPLE_BYTES from the first 8-bit byte (a long ASCII preamble
 * must not hide the Korean after it), or null when every byte is ASCII.
 */
function eightBitSample(bytes: Buffer): { sample: Buffer; cut: boolean } | null {
  for (let start = 0; start < bytes.length; start += SCAN_STEP_BYTES) {
    if (!hasEightBit(bytes.subarray(start, start + SCAN_STEP_BYTES))) continue;
    // The first 8-bit byte starts a character: everything before it is ASCII.
    let first = start;
    while (bytes[first]! < 0x80) first++;
    return {
      sample: bytes.subarray(first, first + DETECTION_SAMPLE_BYTES),
      cut: bytes.length - first > DETECTION_SAMPLE_BYTES,
    };
  }
  return null;
}

/**
 * Whether the sample's bytes are valid in a charset. A sample cut short may end inside a
 * character: the decoders are then given it as a stream that has not ended, so a cut character is
 * pending, not invalid.
 */
function sampleIsValidIn({ sample, cut }: { sample: Buffer; cut: boolean }, label: string): boolean {
  if (!cut) return decodeStrictly(sample, label) !== null;
  const name = normalLabel(label);
  if (name === 'utf-8' || name === 'utf8') {
    try {
      new TextDecoder('utf-8', { fatal: true }).decode(sample, { stream: true });
      return true;
    } catch {
      return false;
    }
  }
  if (!iconv.encodingExists(name)) return false;
  return !iconv.getDecoder(name).write(sample).includes(REPLACEMENT);
}

/**
 * The first charset in which these bytes are valid; labels the caller trusts more come first.
 * Decided on the first DETECTION_SAMPLE_BYTES: the rest is read in that charset, leniently.
 */
export function detectCharset(bytes: Buffer, preferred: string[] = []): string {
  const sample = eightBitSample(bytes);
  if (sample === null) return 'utf-8';
  for (const label of ['utf-8', ...preferred, ...GUESS_ORDER]) {
    if (sampleIsValidIn(sample, label)) return normalLabel(label);
  }
  // Only the five bytes windows-1252 leaves unassigned get here; latin1 maps every byte.
  return 'latin1';
}

/**
 * Bytes to text in the detected charset. Within the sample every byte becomes a character and none
 * U+FFFD; past it, bytes the charset cannot read become U+FFFD (or latin1, for a short text).
 */
export function decodeDetected(bytes: Buffer, preferred: string[] = []): string {
  const charset = detectCharset(bytes, preferred);
  if (bytes.length <= DETECTION_SAMPLE_BYTES)
    return decodeStrictly(bytes, charset) ?? bytes.toString('latin1');
  return decodeDeclared(bytes, charset);
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
