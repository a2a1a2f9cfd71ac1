import { z } from 'zod';
import { pageQuerySchema } from './common.js';
import {
  API_BASE_PATH,
  COMPOSE_MAX_FILE_BYTES,
  COMPOSE_MAX_FILES,
  FILE_NAME_MAX_BYTES,
  SEARCH_KEYWORD_MAX,
} from './limits.js';
import { queryIdSchema, queryText } from './request-fields.js';

/** An attachment as the API shows it (SPEC §3). */
export const attachmentSchema = z.object({
  id: z.number().int(),
  originalFilename: z.string(),
  /** Same name as originalFilename; kept for clients that read these names. */
  filename: z.string(),
  displayName: z.string(),
  contentType: z.string(),
  sizeBytes: z.number().int().min(0),
  /** formatBytes of limits.ts: 1024 steps, one decimal. */
  formattedSize: z.string(),
  uploadedAt: z.string(),
  createdAt: z.string(),
  /** Null while uploaded for a message not yet sent. */
  messageId: z.number().int().nullable(),
  /** The cid of an inline image in an HTML body. */
  contentId: z.string().nullable(),
  isInline: z.boolean(),
  downloadUrl: z.string(),
});
export type Attachment = z.infer<typeof attachmentSchema>;

export function attachmentDownloadPath(id: number): string {
  return `${API_BASE_PATH}/attachments/${id}/download`;
}

/** Text fields of the multipart POST /attachments/upload besides the file. */
export const uploadAttachmentFieldsSchema = z.object({
  messageId: queryIdSchema,
});
export type UploadAttachmentFields = z.infer<typeof uploadAttachmentFieldsSchema>;

export const downloadUrlResponseSchema = z.object({ downloadUrl: z.string() });
export type DownloadUrlResponse = z.infer<typeof downloadUrlResponseSchema>;

/** GET /attachments and /attachments/search: keyword in the name; contentType 'image', 'image/*' or exact. */
export const attachmentListQuerySchema = pageQuerySchema.extend({
  keyword: queryText(SEARCH_KEYWORD_MAX),
  contentType: queryText(100),
});
export const attachmentSearchQuerySchema = attachmentListQuerySchema;
export type AttachmentListQuery = z.infer<typeof attachmentListQuerySchema>;

/** Compose allow-list (SPEC §5): any image, PDF, Word, Excel, plain text, zip, rar. */
export const ALLOWED_COMPOSE_MIME_TYPES = [
  'image/*',
  'application/pdf',
  'application/msword',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'application/vnd.ms-excel',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'text/plain',
  'application/zip',
  'application/x-zip-compressed',
  'application/vnd.rar',
  'application/x-rar-compressed',
] as const;

export const ALLOWED_COMPOSE_EXTENSIONS = [
  'jpg',
  'jpeg',
  'jpe',
  'jfif',
  'png',
  'gif',
  'bmp',
  'webp',
  'svg',
  'tif',
  'tiff',
  'ico',
  'heic',
  'heif',
  'avif',
  'pdf',
  'doc',
  'docx',
  'xls',
  'xlsx',
  'txt',
  'zip',
  'rar',
] as const;

export interface FileRules {
  maxBytes: number;
  allowedMimeTypes: readonly string[];
  allowedExtensions: readonly string[];
}

export const COMPOSE_FILE_RULES: FileRules = {
  maxBytes: COMPOSE_MAX_FILE_BYTES,
  allowedMimeTypes: ALLOWED_COMPOSE_MIME_TYPES,
  allowedExtensions: ALLOWED_COMPOSE_EXTENSIONS,
};

/** What a browser File and a multipart part both know. */
export interface FileFacts {
  name: string;
  size: number;
  type: string;
}

/** Keys of validation-messages.ts; fileTooLargeMax wants the limit as its value. */
export type FileCheckError = 'emptyFile' | 'fileTooLargeMax' | 'invalidFileType';

/** 'text/plain; charset=utf-8' -> 'text/plain'. */
function baseMimeType(type: string): string {
  return (type.split(';')[0] ?? '').trim().toLowerCase();
}

/** Whether a MIME type is on a list that may hold wildcard groups such as image/*. */
export function matchesMimeType(type: string, allowed: readonly string[]): boolean {
  const base = baseMimeType(type);
  return allowed.some((entry) =>
    entry.endsWith('/*') ? base.startsWith(entry.slice(0, -1)) : base === entry,
  );
}

/** The lower-case extension without its dot; '' for none ('.env' has none either). */
export function fileExtension(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(dot + 1).toLowerCase() : '';
}

/**
 * A declared type and an extension must both be allowed when present; browsers leave the type
 * blank or generic for files they do not know, and then the extension alone decides.
 */
export function checkFile(file: FileFacts, rules: FileRules): FileCheckError | null {
  if (file.size <= 0) return 'emptyFile';
  if (file.size > rules.maxBytes) return 'fileTooLargeMax';
  const type = baseMimeType(file.type);
  const typeKnown = type !== '' && type !== 'application/octet-stream';
  const extension = fileExtension(file.name);
  if (typeKnown && !matchesMimeType(type, rules.allowedMimeTypes)) return 'invalidFileType';
  if (extension !== '' && !rules.allowedExtensions.includes(extension)) return 'invalidFileType';
  if (!typeKnown && extension === '') return 'invalidFileType';
  return null;
}

export function checkComposeFile(file: FileFacts): FileCheckError | null {
  return checkFile(file, COMPOSE_FILE_RULES);
}

/** Whether adding files would pass COMPOSE_MAX_FILES (pending plus completed, SPEC §5). */
export function exceedsComposeFileCount(current: number, adding: number): boolean {
  return current + adding > COMPOSE_MAX_FILES;
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
