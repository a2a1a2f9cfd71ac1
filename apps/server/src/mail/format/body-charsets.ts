import mailsplit from '@zone-eu/mailsplit';
import {
  decodeDetected,
  decodeStrictly,
  detectCharset,
  hasEightBit,
  isKnownCharset,
} from './charset-detect.js';
import { declaredCharsets, hasRawEightBit } from './header-bytes.js';

type MimeNode = InstanceType<typeof mailsplit.MimeNode>;
type Chunk = MimeNode | { type: 'data' | 'body'; node: MimeNode; value: Buffer };

/** Where a part says its body is encoded; tested window by window (`mentionsEncoding`). */
const ENCODED_PART = /content-transfer-encoding:\s*(base64|quoted-printable)/i;
/** Bytes read as one string at a time, and what each window shares with the last. */
const WINDOW_BYTES = 1024 * 1024;
const WINDOW_OVERLAP = 256;

/** Text parts mailparser turns into the body; other text/* parts are kept as files, byte for byte. */
const BODY_TYPES = new Set(['text/plain', 'text/html']);

/** Labels that promise 7-bit text, which 8-bit bytes prove wrong. */
const SEVEN_BIT_LABELS = new Set(['us-ascii', 'ascii', 'us_ascii', 'ansi_x3.4-1968', 'iso646-us']);

/** Part headers whose parameters carry the name a file is listed and saved under. */
const NAMING_HEADERS = new Set(['content-type', 'content-disposition', 'content-description']);

function decodeQuotedPrintable(encoded: Buffer): Buffer {
  const text = encoded.toString('latin1').replace(/=\r?\n/g, '');
  return Buffer.from(
    text.replace(/=([0-9A-Fa-f]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16))),
    'latin1',
  );
}

/** The part's bytes after its Content-Transfer-Encoding, the way its charset must read them. */
function contentBytes(node: MimeNode, body: Buffer): Buffer {
  if (node.encoding === 'base64') return Buffer.from(body.toString('latin1'), 'base64');
  if (node.encoding === 'quoted-printable') return decodeQuotedPrintable(body);
  return body;
}

/**
 * The charset to read a body part with, when its own label cannot be trusted: none at all, us-ascii
 * on 8-bit bytes, or a name no decoder knows. mailparser reads such parts as UTF-8 and would turn
 * every other byte sequence into U+FFFD for good. null: the label (or UTF-8) is right as it is.
 */
function replacementCharset(node: MimeNode, content: Buffer): string | null {
  const label = node.charset ? node.charset.trim().toLowerCase() : '';
  const untrusted = label === '' || SEVEN_BIT_LABELS.has(label) || !isKnownCharset(label);
  if (!untrusted || !hasEightBit(content)) return null;
  const detected = detectCharset(content);
  // UTF-8 is what mailparser falls back to for all three kinds of label.
  return detected === 'utf-8' ? null : detected;
}

/**
 * Raw 8-bit file names in a part's headers (old Korean groupware writes name="예산안.hwp" in EUC-KR)
 * are rewritten as UTF-8, the only reading mailparser has for raw header bytes. The message's own
 * headers are left alone: header-bytes.ts reads them from their bytes.
 */
function recodeNamingHeaders(node: MimeNode, declared: string[]): boolean {
  if (node.root || !node.headers) return false;
  let changed = false;
  for (const line of node.headers.getList()) {
    if (!NAMING_HEADERS.has(line.key) || !hasRawEightBit(line.line)) continue;
    const bytes = Buffer.from(line.line, 'latin1');
    if (decodeStrictly(bytes, 'utf-8') !== null) continue;
    const preferred = node.charset && isKnownCharset(node.charset) ? [node.charset, ...declared] : declared;
    line.line = Buffer.from(decodeDetected(bytes, preferred), 'utf8').toString('latin1');
    changed = true;
  }
  if (changed) node.headers.changed = true;
  return changed;
}

/**
 * Whether some part declares base64 or quoted-printable, read in windows: a 40 MB message as one
 * string was 40 MB more at the peak of its parse (docs/BENCHMARKS.md, inbound SMTP memory).
 */
function mentionsEncoding(raw: Buffer): boolean {
  for (let start = 0; start < raw.length; start += WINDOW_BYTES) {
    const from = Math.max(0, start - WINDOW_OVERLAP);
    if (ENCODED_PART.test(raw.toString('latin1', from, start + WINDOW_BYTES))) return true;
  }
  return false;
}

async function split(raw: Buffer): Promise<Chunk[]> {
  const chunks: Chunk[] = [];
  const splitter = new mailsplit.Splitter();
  splitter.end(raw);
  for await (const chunk of splitter as AsyncIterable<Chunk>) chunks.push(chunk);
  return chunks;
}

/**
 * Gives every text body part whose charset label is missing or wrong the charset its bytes are
 * valid in (charset-detect.ts), before mailparser decodes it, and raw 8-bit file names their
 * characters. Only part headers change; the bodies stay as they came. Returns the message as it was
 * when no part needed it or the structure cannot be split, so this step can never lose mail.
 */
export async function labelBodyCharsets(raw: Buffer): Promise<Buffer> {
  if (!hasEightBit(raw) && !mentionsEncoding(raw)) return raw;
  let chunks: Chunk[];
  try {
    chunks = await split(raw);
  } catch {
    return raw;
  }
  const bodies = new Map<MimeNode, Buffer[]>();
  const declared = declaredCharsets(raw);
  let changed = false;
  for (const chunk of chunks) {
    if (chunk.type === 'node') changed = recodeNamingHeaders(chunk, declared) || changed;
    else if (chunk.type === 'body') {
      const parts = bodies.get(chunk.node);
      if (parts) parts.push(chunk.value);
      else bodies.set(chunk.node, [chunk.value]);
    }
  }
  for (const [node, parts] of bodies) {
    if (node.multipart || !node.contentType || !BODY_TYPES.has(node.contentType)) continue;
    const charset = replacementCharset(node, contentBytes(node, Buffer.concat(parts)));
    if (charset) {
      node.setCharset(charset);
      changed = true;
    }
  }
  if (!changed) return raw;
  return Buffer.concat(chunks.map((chunk) => (chunk.type === 'node' ? chunk.getHeaders() : chunk.value)));
}
