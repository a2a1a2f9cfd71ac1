import { Transform, type TransformCallback } from 'node:stream';
import { TextDecoder } from 'node:util';
import { fileTypeFromBuffer } from 'file-type';
import { ALLOWED_COMPOSE_EXTENSIONS } from '@postline/shared/attachment-rules';
import { fileExtension } from '@postline/shared/file-names';
import { claimedKind, HWP, HWP3_SIGNATURE, RULES, TEXTUAL } from './content-kinds.js';

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
  allowed: readonly string[] = ALLOWED_COMPOSE_EXTENSIONS,
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
  const kind = claimedKind(name, declaredType, allowed);
  if (kind === 'hwp' && Buffer.from(head).subarray(0, HWP3_SIGNATURE.length).equals(HWP3_SIGNATURE)) {
    return { contentType: HWP, textual: false };
  }
  if (!kind || !RULES[kind].fits(detected?.mime)) throw new ContentRefusedError('contentMismatch', extension);
  return { contentType: RULES[kind].stored(detected?.mime ?? ''), textual: TEXTUAL.has(kind) };
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
    private readonly allowed: readonly string[] = ALLOWED_COMPOSE_EXTENSIONS,
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
      const text = type === 'text/plain' || type === 'text/csv';
      this.verdictValue = { contentType: text && this.utf8 ? `${type}; charset=utf-8` : type };
    })().then(() => callback(), callback);
  }

  private async judgeAndForwardHead(): Promise<void> {
    const head = Buffer.concat(this.head);
    this.head = [];
    this.judged = await judgeHead(head, this.name, this.declaredType, this.allowed);
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
