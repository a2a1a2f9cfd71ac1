import { api, FILE_TRANSFER_TIMEOUT_MS } from '@/lib/api-client';

/**
 * GET /attachments/{id}/download with the bearer token (a plain link would not carry it), then
 * hands the file to the browser under its name.
 */
export async function downloadAttachment(id: number, filename: string): Promise<void> {
  const blob = await api.get<Blob>(`/attachments/${id}/download`, {
    responseType: 'blob',
    timeout: FILE_TRANSFER_TIMEOUT_MS,
  });
  const url = URL.createObjectURL(blob);
  try {
    const link = document.createElement('a');
    link.href = url;
    link.download = filename;
    document.body.append(link);
    link.click();
    link.remove();
  } finally {
    // Revoked after the click has been handled; revoking at once can cancel the download.
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
  }
}
