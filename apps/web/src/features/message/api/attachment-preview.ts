import { api } from '@/lib/api-client';

/**
 * GET /attachments/{id}/download?inline=1 as bytes for a thumbnail. An <img src> cannot carry the
 * bearer token, so the image comes through the API client and is shown from an object URL.
 */
export function fetchAttachmentPreview(id: number, signal?: AbortSignal): Promise<Blob> {
  return api.get<Blob>(`/attachments/${id}/download`, {
    responseType: 'blob',
    params: { inline: 1 },
    signal,
  });
}
