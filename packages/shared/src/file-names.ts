/*
 * File names: the extension, a name safe to store and download, a free name beside others, and a
 * message's name as a file. Apart from attachments.ts, whose schemas bring zod: the message screen
 * needs these, not a validation library (issue 17).
 */
import { FILE_NAME_MAX_BYTES } from './limits.js';

/** The lower-case extension without its dot; '' for none ('.env' has none either). */
export function fileExtension(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(dot + 1).toLowerCase() : '';
}

/** Extensions that read as one (archive.tar.gz -> archive (1).tar.gz). */
const COMPOUND_EXTENSIONS = ['.tar.gz', '.tar.bz2', '.tar.xz'];

function splitFileName(name: string): { base: string; extension: string } {
  const lower = name.toLowerCase();
  const compound = COMPOUND_EXTENSIONS.find((ext) => lower.endsWith(ext) && lower.length > ext.length);
  if (compound) return { base: name.slice(0, -compound.length), extension: name.slice(-compound.length) };
  const dot = name.lastIndexOf('.');
  // A long or spaced tail after the last dot is part of the name, not a type.
  if (dot <= 0 || name.length - dot > 16 || /\s/.test(name.slice(dot))) {
    return { base: name, extension: '' };
  }
  return { base: name.slice(0, dot), extension: name.slice(dot) };
}

function comparableName(name: string): string {
  // Case-folded and NFC: on Windows and macOS such names land on the same file when downloaded.
  return name.normalize('NFC').toLowerCase();
}

/** "report.pdf" when free, else "report (1).pdf", "report (2).pdf", ... */
export function uniqueFileName(name: string, takenNames: Iterable<string>): string {
  const taken = new Set(Array.from(takenNames, comparableName));
  if (!taken.has(comparableName(name))) return name;
  const { base, extension } = splitFileName(name);
  for (let n = 1; ; n += 1) {
    const candidate = `${base} (${n})${extension}`;
    if (!taken.has(comparableName(candidate))) return candidate;
  }
}

/** Controls, bidi overrides (which disguise "gpj.exe" as "exe.jpg") and zero-width characters. */
const INVISIBLE_CHARACTERS =
  // Matching control characters is the point here.
  // eslint-disable-next-line no-control-regex
  /[\u0000-\u001f\u007f-\u009f\u061c\u200b-\u200f\u202a-\u202e\u2066-\u2069\ufeff]/g;

function utf8Length(codePoint: number): number {
  if (codePoint < 0x80) return 1;
  if (codePoint < 0x800) return 2;
  return codePoint < 0x10000 ? 3 : 4;
}

function byteLength(text: string): number {
  let bytes = 0;
  for (const ch of text) bytes += utf8Length(ch.codePointAt(0) ?? 0);
  return bytes;
}

/** Cuts whole characters off the end until the text fits in maxBytes of UTF-8. */
function truncateToBytes(text: string, maxBytes: number): string {
  let bytes = 0;
  let out = '';
  for (const ch of text) {
    bytes += utf8Length(ch.codePointAt(0) ?? 0);
    if (bytes > maxBytes) break;
    out += ch;
  }
  return out;
}

/**
 * A file name safe to store and to offer for download: the last path segment only, without
 * invisible characters, NFC (macOS hands over Korean names decomposed), at most 255 UTF-8 bytes
 * with the extension kept, and 'attachment' when nothing is left.
 */
export function sanitizeFileName(name: string): string {
  const cleaned = name.normalize('NFC').replace(INVISIBLE_CHARACTERS, '');
  const lastSegment = cleaned.split(/[/\\]/).pop() ?? '';
  // Windows drops trailing dots and spaces, so "a.pdf. " and "a.pdf" would be the same file.
  const trimmed = lastSegment.trim().replace(/[. ]+$/, '');
  if (trimmed === '' || /^\.+$/.test(trimmed)) return 'attachment';
  if (byteLength(trimmed) <= FILE_NAME_MAX_BYTES) return trimmed;
  const { base, extension } = splitFileName(trimmed);
  const kept = truncateToBytes(base, FILE_NAME_MAX_BYTES - byteLength(extension)).trimEnd();
  return kept === '' ? truncateToBytes(trimmed, FILE_NAME_MAX_BYTES) : kept + extension;
}

/** Long enough to recognise a subject; sanitizeFileName still cuts to the byte limit. */
const MESSAGE_FILE_NAME_CHARS = 100;

/**
 * The file name of a whole message saved as a file: "{subject}.eml", white space as one space, each
 * character no file system takes (path separators, reserved and control characters) as '_', at most
 * 100 characters, never starting with a dot, and "{fallback}.eml" for a message without a subject.
 * Used for "download original" and for forwarded messages inside mail.
 */
export function messageFileName(subject: string, fallback = 'message'): string {
  const cleaned = subject
    .normalize('NFC')
    .replace(/\s+/g, ' ')
    .replace(/[\p{Cc}/\\:*?"<>|]/gu, '_')
    .trim();
  const base = Array.from(cleaned)
    .slice(0, MESSAGE_FILE_NAME_CHARS)
    .join('')
    .replace(/^[.\s]+|[.\s]+$/g, '');
  return sanitizeFileName(`${base || fallback}.eml`);
}
