import { messageFileName } from '@postline/shared/file-names';
import { api, FILE_TRANSFER_TIMEOUT_MS } from '@/lib/api-client';
import { saveFile } from '@/lib/save-file';

/** GET /messages/{id}/original: the message as it arrived or left, byte for byte. */
export function fetchOriginal(id: number): Promise<Blob> {
  return api.get<Blob>(`/messages/${id}/original`, {
    responseType: 'blob',
    timeout: FILE_TRANSFER_TIMEOUT_MS,
  });
}

/**
 * The source as text. Mail is mostly 7-bit, but old Korean systems send raw 8-bit EUC-KR: bytes that
 * are not UTF-8 are read as CP949 (the WHATWG euc-kr decoder) rather than shown as replacement marks.
 */
export function sourceText(bytes: ArrayBuffer): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return new TextDecoder('euc-kr').decode(bytes);
  }
}

/** "Download original": the .eml file, named after the subject. */
export async function downloadOriginal(id: number, subject: string): Promise<void> {
  saveFile(await fetchOriginal(id), messageFileName(subject));
}
