import { COMPOSE_MAX_FILE_BYTES, COMPOSE_MAX_FILES } from './limits.js';
import { fileExtension } from './file-names.js';

/*
 * Which files compose may attach (SPEC §5), checked the same way in the browser and on the server.
 * Apart from attachments.ts and its zod schemas so that compose does not load zod on its first
 * render (issue 17).
 */

/**
 * The families compose may attach (SPEC §5, widened by issue 34: the office family read as Word,
 * Excel, PowerPoint, HWP and OpenDocument; CSV; common audio and video). Each extension names the
 * MIME types a browser may declare for it; the server checks every file's content against its
 * extension (apps/server/src/modules/attachments/content-check.ts), so this table is about names.
 * Executables and scripts have no entry and can never be allowed.
 */
export const ATTACHMENT_TYPE_GROUPS = {
  image: {
    jpg: ['image/*'],
    jpeg: ['image/*'],
    jpe: ['image/*'],
    jfif: ['image/*'],
    png: ['image/*'],
    gif: ['image/*'],
    bmp: ['image/*'],
    webp: ['image/*'],
    svg: ['image/*'],
    tif: ['image/*'],
    tiff: ['image/*'],
    ico: ['image/*'],
    heic: ['image/*'],
    heif: ['image/*'],
    avif: ['image/*'],
  },
  pdf: { pdf: ['application/pdf'] },
  word: {
    doc: ['application/msword'],
    docx: ['application/vnd.openxmlformats-officedocument.wordprocessingml.document'],
  },
  excel: {
    xls: ['application/vnd.ms-excel'],
    xlsx: ['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
  },
  powerpoint: {
    ppt: ['application/vnd.ms-powerpoint', 'application/mspowerpoint'],
    pptx: ['application/vnd.openxmlformats-officedocument.presentationml.presentation'],
  },
  // Hancom's names vary by installer and system: every one seen in the wild.
  hwp: {
    hwp: ['application/x-hwp', 'application/haansofthwp', 'application/vnd.hancom.hwp', 'application/hwp'],
    hwpx: [
      'application/hwp+zip',
      'application/haansofthwpx',
      'application/vnd.hancom.hwpx',
      'application/x-hwpx',
      'application/zip',
    ],
  },
  opendocument: {
    odt: ['application/vnd.oasis.opendocument.text'],
    ods: ['application/vnd.oasis.opendocument.spreadsheet'],
    odp: ['application/vnd.oasis.opendocument.presentation'],
  },
  text: { txt: ['text/plain'] },
  // Windows names .csv after Excel, whatever opens it.
  csv: {
    csv: [
      'text/csv',
      'application/csv',
      'text/comma-separated-values',
      'application/vnd.ms-excel',
      'text/plain',
    ],
  },
  archive: {
    zip: ['application/zip', 'application/x-zip-compressed'],
    rar: ['application/vnd.rar', 'application/x-rar-compressed'],
  },
  audio: {
    mp3: ['audio/mpeg', 'audio/mp3', 'audio/x-mpeg'],
    m4a: ['audio/mp4', 'audio/x-m4a', 'audio/m4a'],
  },
  video: {
    mp4: ['video/mp4'],
    mov: ['video/quicktime'],
  },
} as const satisfies Record<string, Record<string, readonly string[]>>;

export type AttachmentTypeGroup = keyof typeof ATTACHMENT_TYPE_GROUPS;

export const ATTACHMENT_TYPE_GROUP_NAMES = Object.keys(ATTACHMENT_TYPE_GROUPS) as AttachmentTypeGroup[];

const GROUP_OF_EXTENSION = new Map<string, AttachmentTypeGroup>(
  ATTACHMENT_TYPE_GROUP_NAMES.flatMap((group) =>
    Object.keys(ATTACHMENT_TYPE_GROUPS[group]).map((extension) => [extension, group] as const),
  ),
);

function mimeTypesOf(extension: string): readonly string[] {
  const group = GROUP_OF_EXTENSION.get(extension);
  return group ? ((ATTACHMENT_TYPE_GROUPS[group] as Record<string, readonly string[]>)[extension] ?? []) : [];
}

/** Every extension compose can check by content, in the table's order: the default allow-list. */
export const KNOWN_ATTACHMENT_EXTENSIONS: readonly string[] = [...GROUP_OF_EXTENSION.keys()];

/**
 * An operator's list (ATTACHMENT_ALLOWED_TYPES: family names and extensions, comma-separated, any
 * case; a leading dot means the extension alone) as extensions; `unknown` holds entries with no
 * content check.
 */
export function resolveAllowedAttachmentTypes(list: string): { extensions: string[]; unknown: string[] } {
  const extensions = new Set<string>();
  const unknown: string[] = [];
  for (const raw of list.split(',')) {
    const written = raw.trim().toLowerCase();
    // ".hwp" is the extension alone; "hwp" the family (hwp and hwpx).
    const entry = written.replace(/^\./, '');
    if (entry === '') continue;
    if (!written.startsWith('.') && Object.hasOwn(ATTACHMENT_TYPE_GROUPS, entry)) {
      for (const extension of Object.keys(ATTACHMENT_TYPE_GROUPS[entry as AttachmentTypeGroup]))
        extensions.add(extension);
    } else if (GROUP_OF_EXTENSION.has(entry)) extensions.add(entry);
    else unknown.push(raw.trim());
  }
  return { extensions: KNOWN_ATTACHMENT_EXTENSIONS.filter((e) => extensions.has(e)), unknown };
}

/** The allowed extensions by family, in the table's order, for a message that names them. */
export function allowedTypeGroups(
  extensions: readonly string[],
): { group: AttachmentTypeGroup; extensions: string[] }[] {
  return ATTACHMENT_TYPE_GROUP_NAMES.map((group) => ({
    group,
    extensions: Object.keys(ATTACHMENT_TYPE_GROUPS[group]).filter((e) => extensions.includes(e)),
  })).filter((entry) => entry.extensions.length > 0);
}

/**
 * The allowed types as a refusal names them (issue 34): each family in the reader's words with its
 * extensions, "Word (doc, docx)"; a family allowed whole whose extensions everybody knows (images)
 * by its name alone.
 */
export function describeAllowedTypes(
  extensions: readonly string[],
  label: (group: AttachmentTypeGroup) => string,
): string {
  return allowedTypeGroups(extensions)
    .map(({ group, extensions: allowed }) => {
      const whole = allowed.length === Object.keys(ATTACHMENT_TYPE_GROUPS[group]).length;
      return group === 'image' && whole ? label(group) : `${label(group)} (${allowed.join(', ')})`;
    })
    .join(', ');
}

/** Compose's default allow-list: every family above. */
export const ALLOWED_COMPOSE_EXTENSIONS: readonly string[] = KNOWN_ATTACHMENT_EXTENSIONS;

/** The MIME types a browser may declare for the allowed extensions. */
export function mimeTypesFor(extensions: readonly string[]): string[] {
  return [...new Set(extensions.flatMap(mimeTypesOf))];
}

export const ALLOWED_COMPOSE_MIME_TYPES: readonly string[] = mimeTypesFor(ALLOWED_COMPOSE_EXTENSIONS);

export interface FileRules {
  maxBytes: number;
  allowedMimeTypes: readonly string[];
  allowedExtensions: readonly string[];
}

/** The rules compose checks a file by, for the extensions allowed (the server's setting). */
export function composeFileRules(
  allowedExtensions: readonly string[] = ALLOWED_COMPOSE_EXTENSIONS,
): FileRules {
  return {
    maxBytes: COMPOSE_MAX_FILE_BYTES,
    allowedMimeTypes: mimeTypesFor(allowedExtensions),
    allowedExtensions,
  };
}

export const COMPOSE_FILE_RULES: FileRules = composeFileRules();

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

export function checkComposeFile(
  file: FileFacts,
  rules: FileRules = COMPOSE_FILE_RULES,
): FileCheckError | null {
  return checkFile(file, rules);
}

/** Whether adding files would pass COMPOSE_MAX_FILES (pending plus completed, SPEC §5). */
export function exceedsComposeFileCount(current: number, adding: number): boolean {
  return current + adding > COMPOSE_MAX_FILES;
}
