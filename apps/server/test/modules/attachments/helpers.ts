import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { SignedIn } from '../../helpers/test-app.js';

export type Part =
  { name: string; value: string } | { name: string; filename: string; contentType?: string; content: Buffer };

/** A multipart/form-data body written by hand, as a browser's FormData would send it (UTF-8 names). */
export function multipartBody(parts: Part[]): { body: Buffer; contentType: string } {
  const boundary = `----postline-test-${crypto.randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const head =
      'filename' in part
        ? `Content-Disposition: form-data; name="${part.name}"; filename="${part.filename.replace(/"/g, '%22')}"\r\n` +
          `Content-Type: ${part.contentType ?? 'application/octet-stream'}\r\n\r\n`
        : `Content-Disposition: form-data; name="${part.name}"\r\n\r\n`;
    chunks.push(Buffer.from(`--${boundary}\r\n${head}`, 'utf8'));
    chunks.push('filename' in part ? part.content : Buffer.from(part.value, 'utf8'));
    chunks.push(Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

export interface UploadOptions {
  filename: string;
  content: Buffer;
  contentType?: string;
  messageId?: number | string;
  lang?: 'ko' | 'en';
}

export async function upload(app: FastifyInstance, who: SignedIn, options: UploadOptions) {
  const parts: Part[] = [];
  if (options.messageId !== undefined) parts.push({ name: 'messageId', value: String(options.messageId) });
  parts.push({
    name: 'file',
    filename: options.filename,
    content: options.content,
    contentType: options.contentType,
  });
  const { body, contentType } = multipartBody(parts);
  return app.inject({
    method: 'POST',
    url: '/api/v1/attachments/upload',
    headers: {
      ...who.headers,
      'content-type': contentType,
      ...(options.lang ? { 'accept-language': options.lang } : {}),
    },
    payload: body,
  });
}

/** '%PDF-' and then random bytes: binary content file-type knows as PDF. */
export function pdfBytes(size: number): Buffer {
  const bytes = crypto.randomBytes(size);
  Buffer.from('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n', 'latin1').copy(bytes);
  return bytes;
}

/** A real 1x1 PNG. */
export const PNG_1X1 = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

/** Every file under DATA_DIR/blobs, relative to it. */
export function blobFiles(dataDir: string): string[] {
  const root = path.join(dataDir, 'blobs');
  if (!fs.existsSync(root)) return [];
  return (fs.readdirSync(root, { recursive: true }) as string[])
    .filter((name) => fs.statSync(path.join(root, name)).isFile())
    .sort();
}

export function sha256(bytes: Buffer): string {
  return crypto.createHash('sha256').update(bytes).digest('hex');
}

export function blobPath(dataDir: string, hash: string): string {
  return path.join(dataDir, 'blobs', hash.slice(0, 2), hash.slice(2, 4), hash);
}

/** filename* of a Content-Disposition header, decoded. */
export function dispositionFilename(header: string | undefined): string | undefined {
  const match = /filename\*=UTF-8''([^;]+)/.exec(header ?? '');
  return match?.[1] ? decodeURIComponent(match[1]) : undefined;
}
