import type { Attachment } from '@postline/shared/attachments';
import { formatBytes } from '@postline/shared/limits';
import { setSessionAdapter } from '@/lib/api-session';

/** An attachment as the server lists it; `fields` sets the rest (a message id, inline…). */
export function attachmentOf(
  id: number,
  name: string,
  sizeBytes: number,
  contentType = 'application/octet-stream',
  fields: Partial<Attachment> = {},
): Attachment {
  return {
    id,
    originalFilename: name,
    filename: name,
    displayName: name,
    contentType,
    sizeBytes,
    formattedSize: formatBytes(sizeBytes),
    uploadedAt: '2025-03-01T00:00:00.000Z',
    createdAt: '2025-03-01T00:00:00.000Z',
    messageId: null,
    contentId: null,
    isInline: false,
    downloadUrl: `/api/v1/attachments/${id}/download`,
    ...fields,
  };
}

/** The API client's view of a signed-in user: a token to send, nothing to refresh. */
export function signInWith(token: string) {
  setSessionAdapter({
    getAccessToken: () => token,
    getRefreshToken: () => null,
    refreshTokens: () => Promise.reject(new Error('no refresh in this test')),
    saveTokens: () => undefined,
    clearSession: () => undefined,
  });
}
