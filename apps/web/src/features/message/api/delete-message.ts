import type { DeleteResult } from '@postline/shared/messages';
import { api } from '@/lib/api-client';

/** DELETE /messages/{id}: to the trash, or for good when it already is in the trash. */
export function deleteMessage(id: number): Promise<DeleteResult> {
  return api.delete<DeleteResult>(`/messages/${id}`);
}
