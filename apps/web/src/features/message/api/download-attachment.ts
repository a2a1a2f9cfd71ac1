import { api, FILE_TRANSFER_TIMEOUT_MS } from '@/lib/api-client';
import { saveFile } from '@/lib/save-file';

/**
 * GET /attachments/{id}/download with the bearer token (a plain link would not carry it), then
 * hands the file to the browser under its name.
 */
export async function downloadAttachment(id: number, filename: string): Promise<void> {
  const blob = await api.get<Blob>(`/attachments/${id}/download`, {
    responseType: 'blob',
    timeout: FILE_TRANSFER_TIMEOUT_MS,
  });
  saveFile(blob, filename);
}
