import { Transform, type TransformCallback } from 'node:stream';
import { TextDecoder } from 'node:util';
import { fileTypeFromBuffer } from 'file-type';
import { fileExtension } from '@postline/shared/file-names';

/** Why an upload's bytes were refused; errors.ts turns each into a ko/en answer. */
export type ContentRefusal = 'emptyFile' | 'executable' | 'contentMismatch' | 'binaryText';

export class ContentRefusedError extends Error {
  constructor(
    readonly reason: ContentRefusal,
    readonly extension: string,
  ) {
    super(`upload refused: ${reason}`);
    this.name = 'ContentRefusedError';
  }
}

/** file-type reads at most this much to decide. */
const HEAD_BYTES = 4100;

/** What a name or a declared type promises the content is. */
type Kind = 'image' | 'svg' | 'pdf' | 'word' | 'excel' | 'docx' | 'xlsx' | 'text' | 'zip' | 'rar';

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
  docx: 'docx',
  xlsx: 'xlsx',
  txt: 'text',
  zip: 'zip',
  rar: 'rar',
};

const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const PPTX = 'application/vnd.openxmlformats-officedocument.presentationml.presentation';
const ZIP = 'application/zip';
const CFB = 'application/x-cfb';

const KIND_BY_TYPE: Record<string, Kind> = {
  'image/svg+xml': 'svg',
  'application/pdf': 'pdf',
  'application/msword': 'word',
  'application/vnd.ms-excel': 'excel',
  [DOCX]: 'docx',
  [XLSX]: 'xlsx',
  'text/plain': 'text',
  [ZIP]: 'zip',
  'application/x-zip-compressed': 'zip',
  'application/vnd.rar': 'rar',
  'application/x-rar-compressed': 'rar',
};

/**
 * For each kind: the detected types that fit it (undefined = nothing recognised, as for text) and
 * the type stored. A .docx is a zip container, so zip content is fine for it; an old .doc or .xls
 * is an OLE compound file (an .msi installer is one too, but file-type names that one apart).
 */
const RULES: Record<
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
  pdf: { fits: (d) => d === 'application/pdf', stored: () => 'application/pdf' },
  word: { fits: (d) => d === CFB, stored: () => 'application/msword' },
  excel: { fits: (d) => d === CFB, stored: () => 'application/vnd.ms-excel' },
  docx: { fits: (d) => d === DOCX || d === ZIP, stored: () => DOCX },
  xlsx: { fits: (d) => d === XLSX || d === ZIP, stored: () => XLSX },
  text: { fits: (d) => d === undefined || d === 'application/xml', stored: () => 'text/plain' },
  zip: { fits: (d) => d === ZIP || d === DOCX || d === XLSX || d === PPTX, stored: () => ZIP },
  rar: {
    fits: (d) => d === 'application/x-rar-compressed' || d === 'application/vnd.rar',
    stored: () => 'application/vnd.rar',
  },
};

function baseType(type: string): string {
  return (type.split(';')[0] ?? '').trim().toLowerCase();
}

/** The kind a file claims to be: by its extension, else by its declared type. */
function claimedKind(name: string, declaredType: string): Kind | undefined {
  const extension = fileExtension(name);
  if (extension) return KIND_BY_EXTENSION[extension];
  const type = baseType(declaredType);
  return KIND_BY_TYPE[type] ?? (type.startsWith('image/') ? 'image' : undefined);
}

/**
 * Programs under any name: Windows PE (MZ), ELF, Mach-O (and fat Mach-O, which Java class files
 * share: refusing those too costs nothing here), and scripts with a #! line.
 */
export function looksExecutable(head: Uint8Array): boolean {
  const bytes = Buffer.from(head.buffer, head.byteOffset, head.byteLength);
  const start = bytes.subarray(0, 3).equals(Buffer.from([0xef, 0xbb, 0xbf])) ? 3 : 0;
  if (bytes[start] === 0x23 && bytes[start + 1] === 0x21) return true; // #!
  if (bytes.length < 4) return bytes[0] === 0x4d && bytes[1] === 0x5a;
  if (bytes[0] === 0x4d && bytes[1] === 0x5a) return true;
  const magic = bytes.readUInt32BE(0);
  return [0x7f454c46, 0xfeedface, 0xfeedfacf, 0xcefaedfe, 0xcffaedfe, 0xcafebabe].includes(magic);
}

export interface ContentVerdict {
  /** The type to store and serve, decided by the content. */
  contentType: string;
}

/** Decides on the first bytes; throws ContentRefusedError when they do not fit the claim. */
export async function judgeHead(
  head: Uint8Array,
  name: string,
  declaredType: string,
): Promise<{ contentType: string; textual: boolean }> {
  const extension = fileExtension(name);
  if (head.length === 0) throw new ContentRefusedError('emptyFile', extension);
  if (looksExecutable(head)) throw new ContentRefusedError('executable', extension);
  const detected = await fileTypeFromBuffer(head);
  if (
    detected &&
    [
      'application/x-msdownload',
      'application/x-elf',
      'application/x-mach-binary',
      'application/x-msi',
    ].includes(detected.mime)
  ) {
    throw new ContentRefusedError('executable', extension);
  }
  const kind = claimedKind(name, declaredType);
  if (!kind || !RULES[kind].fits(detected?.mime)) throw new ContentRefusedError('contentMismatch', extension);
  return {
    contentType: RULES[kind].stored(detected?.mime ?? ''),
    textual: kind === 'text' || kind === 'svg',
  };
}

const UTF16_BOMS = [Buffer.from([0xff, 0xfe]), Buffer.from([0xfe, 0xff])];

/**
 * Passes an upload through unchanged while checking it: the type on the first bytes (before they
 * go on), and for text the whole content (no NUL bytes unless UTF-16; UTF-8 is remembered so the
 * download can say charset=utf-8). Errors with ContentRefusedError, which aborts the blob write.
 */
export class ContentInspector extends Transform {
  private head: Buffer[] = [];
  private headSize = 0;
  private judged: { contentType: string; textual: boolean } | undefined;
  private utf16 = false;
  private utf8: TextDecoder | undefined = new TextDecoder('utf-8', { fatal: true });
  private verdictValue: ContentVerdict | undefined;

  constructor(
    private readonly name: string,
    private readonly declaredType: string,
  ) {
    super();
  }

  /** Set once the whole stream has passed. */
  get verdict(): ContentVerdict | undefined {
    return this.verdictValue;
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    if (this.judged) {
      this.forward(chunk, callback);
      return;
    }
    this.head.push(chunk);
    this.headSize += chunk.length;
    if (this.headSize < HEAD_BYTES) {
      callback();
      return;
    }
    this.judgeAndForwardHead().then(() => callback(), callback);
  }

  override _flush(callback: TransformCallback): void {
    (async () => {
      if (!this.judged) await this.judgeAndForwardHead();
      if (this.judged?.textual && this.utf8) {
        try {
          this.utf8.decode();
        } catch {
          this.utf8 = undefined;
        }
      }
      const type = this.judged?.contentType ?? 'application/octet-stream';
      this.verdictValue = {
        contentType: type === 'text/plain' && this.utf8 ? 'text/plain; charset=utf-8' : type,
      };
    })().then(() => callback(), callback);
  }

  private async judgeAndForwardHead(): Promise<void> {
    const head = Buffer.concat(this.head);
    this.head = [];
    this.judged = await judgeHead(head, this.name, this.declaredType);
    this.utf16 = UTF16_BOMS.some((bom) => head.subarray(0, 2).equals(bom));
    this.checkText(head);
    this.push(head);
  }

  private forward(chunk: Buffer, callback: TransformCallback): void {
    try {
      this.checkText(chunk);
      callback(null, chunk);
    } catch (error) {
      callback(error as Error);
    }
  }

  private checkText(chunk: Buffer): void {
    if (!this.judged?.textual || this.utf16) return;
    if (chunk.includes(0)) throw new ContentRefusedError('binaryText', fileExtension(this.name));
    if (!this.utf8) return;
    try {
      this.utf8.decode(chunk, { stream: true });
    } catch {
      this.utf8 = undefined; // not UTF-8 (EUC-KR text is common here): fine, just no charset
    }
  }
}
