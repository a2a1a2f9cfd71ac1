import { api } from '@/lib/api-client';

/** DELETE /messages/{id}: to the trash, or for good when it already is in the trash. */
export function deleteMessage(id: number): Promise<{ permanent: boolean }> {
  return api.delete<{ permanent: boolean }>(`/messages/${id}`);
}
