import type { Attachment } from '@postline/shared/attachments';
import { api, FILE_TRANSFER_TIMEOUT_MS } from '@/lib/api-client';
import type { UploadProgress } from '@/lib/http-transport';

export interface UploadAttachmentOptions {
  /** The name to store under; differs from file.name when a duplicate was renamed. */
  fileName?: string;
  /** A draft the file belongs to (SPEC §7: optional messageId). */
  messageId?: number | undefined;
  /** Share of the bytes sent so far, 0..1. */
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
}

function fractionOf(event: UploadProgress, fallbackTotal: number): number {
  const total = event.total ?? fallbackTotal;
  if (total <= 0) return 0;
  return Math.min(1, event.loaded / total);
}

/** POST /attachments/upload (multipart: file, optional messageId). */
export function uploadAttachment(file: File, options: UploadAttachmentOptions = {}): Promise<Attachment> {
  const form = new FormData();
  // Fields before the file, so the server knows the draft before the bytes stream in.
  if (options.messageId !== undefined) form.append('messageId', String(options.messageId));
  form.append('file', file, options.fileName ?? file.name);
  return api.post<Attachment>('/attachments/upload', form, {
    timeout: FILE_TRANSFER_TIMEOUT_MS,
    signal: options.signal,
    onUploadProgress: (event) => options.onProgress?.(fractionOf(event, file.size)),
  });
}
