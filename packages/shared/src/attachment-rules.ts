import { COMPOSE_MAX_FILE_BYTES, COMPOSE_MAX_FILES } from './limits.js';
import { fileExtension } from './file-names.js';

/*
 * Which files compose may attach (SPEC §5), checked the same way in the browser and on the server.
 * Apart from attachments.ts and its zod schemas so that compose does not load zod on its first
 * render (issue 17).
 */

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
