import { fileExtension } from '@postline/shared/file-names';

/*
 * What each allowed extension promises about a file's content, and what file-type must have found
 * for the promise to hold (issue 34: the office family, HWP, CSV, audio and video added).
 */

/** What a name or a declared type promises the content is. */
export type Kind =
  | 'image'
  | 'svg'
  | 'pdf'
  | 'word'
  | 'excel'
  | 'powerpoint'
  | 'hwp'
  | 'docx'
  | 'xlsx'
  | 'pptx'
  | 'hwpx'
  | 'odt'
  | 'ods'
  | 'odp'
  | 'text'
  | 'csv'
  | 'zip'
  | 'rar'
  | 'mp3'
  | 'm4a'
  | 'mp4'
  | 'mov';

const KIND_BY_EXTENSION: Record<string, Kind> = {
  jpg: 'image',
  jpeg: 'image',
  jpe: 'image',
  jfif: 'image',
  png: 'image',
  gif: 'image',
  bmp: 'image',
  webp: 'image',
  tif: 'image',
  tiff: 'image',
  ico: 'image',
  heic: 'image',
  heif: 'image',
  avif: 'image',
  svg: 'svg',
  pdf: 'pdf',
  doc: 'word',
  xls: 'excel',
  ppt: 'powerpoint',
  hwp: 'hwp',
  docx: 'docx',
  xlsx: 'xlsx',
  pptx: 'pptx',
  hwpx: 'hwpx',
  odt: 'odt',
  ods: 'ods',
  odp: 'odp',
  txt: 'text',
  csv: 'csv',
  zip: 'zip',
  rar: 'rar',
  mp3: 'mp3',
  m4a: 'm4a',
  mp4: 'mp4',
  mov: 'mov',
};

const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const PPTX = 'application/vnd.openxmlformats-officedocument.presentationml.presentation';
const ODT = 'application/vnd.oasis.opendocument.text';
const ODS = 'application/vnd.oasis.opendocument.spreadsheet';
const ODP = 'application/vnd.oasis.opendocument.presentation';
const ZIP = 'application/zip';
const CFB = 'application/x-cfb';
export const HWP = 'application/x-hwp';
const HWPX = 'application/hwp+zip';

/** A file without an extension is read by its declared type: the kinds that name one surely. */
const KIND_BY_TYPE: Record<string, Kind> = {
  'image/svg+xml': 'svg',
  'application/pdf': 'pdf',
  'application/msword': 'word',
  'application/vnd.ms-excel': 'excel',
  'application/vnd.ms-powerpoint': 'powerpoint',
  [HWP]: 'hwp',
  [DOCX]: 'docx',
  [XLSX]: 'xlsx',
  [PPTX]: 'pptx',
  [HWPX]: 'hwpx',
  [ODT]: 'odt',
  [ODS]: 'ods',
  [ODP]: 'odp',
  'text/plain': 'text',
  'text/csv': 'csv',
  [ZIP]: 'zip',
  'application/x-zip-compressed': 'zip',
  'application/vnd.rar': 'rar',
  'application/x-rar-compressed': 'rar',
  'audio/mpeg': 'mp3',
  'audio/mp4': 'm4a',
  'video/mp4': 'mp4',
  'video/quicktime': 'mov',
};

/** The extension a kind of content is allowed under (the operator's list is of extensions). */
const EXTENSIONS_BY_KIND = Object.entries(KIND_BY_EXTENSION).reduce<Partial<Record<Kind, string[]>>>(
  (all, [extension, kind]) => ({ ...all, [kind]: [...(all[kind] ?? []), extension] }),
  {},
);

/**
 * HWP 3 files (still kept in Korean archives) are not compound files: they start with this
 * signature, which file-type does not know.
 */
export const HWP3_SIGNATURE = Buffer.from('HWP Document File V3', 'latin1');

const exactly =
  (...types: string[]) =>
  (d: string | undefined) =>
    d !== undefined && types.includes(d);

/**
 * For each kind: the detected types that fit it (undefined = nothing recognised, as for text) and
 * the type stored. An Office Open XML, HWPX or OpenDocument file is a zip container, so plain zip
 * content is fine for the first two (file-type names OpenDocument by its `mimetype` entry, and
 * HWPX's `application/hwp+zip` it does not know, so it says zip); an old .doc, .xls, .ppt or a
 * HWP 5 file is an OLE compound file (an .msi installer is one too, but file-type names that one
 * apart). MP4, M4A and MOV are one container (ISO BMFF) whose brand says which; phones write any
 * of them under each name.
 */
export const RULES: Record<
  Kind,
  { fits: (detected: string | undefined) => boolean; stored: (detected: string) => string }
> = {
  image: {
    fits: (d) => d !== undefined && d.startsWith('image/') && d !== 'image/svg+xml',
    stored: (d) => d,
  },
  svg: {
    fits: (d) => d === undefined || d === 'application/xml' || d === 'image/svg+xml',
    stored: () => 'image/svg+xml',
  },
  pdf: { fits: exactly('application/pdf'), stored: () => 'application/pdf' },
  word: { fits: exactly(CFB), stored: () => 'application/msword' },
  excel: { fits: exactly(CFB), stored: () => 'application/vnd.ms-excel' },
  powerpoint: { fits: exactly(CFB), stored: () => 'application/vnd.ms-powerpoint' },
  // HWP 3's own signature is checked in judgeHead, before file-type's verdict counts.
  hwp: { fits: exactly(CFB), stored: () => HWP },
  docx: { fits: exactly(DOCX, ZIP), stored: () => DOCX },
  xlsx: { fits: exactly(XLSX, ZIP), stored: () => XLSX },
  pptx: { fits: exactly(PPTX, ZIP), stored: () => PPTX },
  hwpx: { fits: exactly(ZIP), stored: () => HWPX },
  odt: { fits: exactly(ODT), stored: () => ODT },
  ods: { fits: exactly(ODS), stored: () => ODS },
  odp: { fits: exactly(ODP), stored: () => ODP },
  text: { fits: (d) => d === undefined || d === 'application/xml', stored: () => 'text/plain' },
  csv: { fits: (d) => d === undefined, stored: () => 'text/csv' },
  zip: { fits: exactly(ZIP, DOCX, XLSX, PPTX, ODT, ODS, ODP), stored: () => ZIP },
  rar: {
    fits: exactly('application/x-rar-compressed', 'application/vnd.rar'),
    stored: () => 'application/vnd.rar',
  },
  mp3: { fits: exactly('audio/mpeg'), stored: () => 'audio/mpeg' },
  m4a: { fits: exactly('audio/x-m4a', 'audio/mp4', 'video/mp4'), stored: () => 'audio/mp4' },
  mp4: { fits: exactly('video/mp4', 'audio/x-m4a', 'video/x-m4v'), stored: () => 'video/mp4' },
  mov: { fits: exactly('video/quicktime', 'video/mp4'), stored: () => 'video/quicktime' },
};

export const TEXTUAL: ReadonlySet<Kind> = new Set(['text', 'csv', 'svg']);

function baseType(type: string): string {
  return (type.split(';')[0] ?? '').trim().toLowerCase();
}

/**
 * The kind a file claims to be: by its extension, else by its declared type, when that kind's
 * extensions include one the server allows.
 */
export function claimedKind(
  name: string,
  declaredType: string,
  allowed: readonly string[],
): Kind | undefined {
  const extension = fileExtension(name);
  const kind = extension
    ? KIND_BY_EXTENSION[extension]
    : (KIND_BY_TYPE[baseType(declaredType)] ??
      (baseType(declaredType).startsWith('image/') ? 'image' : undefined));
  if (!kind) return undefined;
  const under = extension ? [extension] : (EXTENSIONS_BY_KIND[kind] ?? []);
  return under.some((candidate) => allowed.includes(candidate)) ? kind : undefined;
}
