import { api } from '@/lib/api-client';

/** DELETE /attachments/{id}: takes an uploaded file back off the message being written. */
export function deleteAttachment(id: number): Promise<null> {
  return api.delete<null>(`/attachments/${id}`);
}
