import { api } from '@/lib/api-client';

/** DELETE /messages/trash: removes everything in the trash for good. */
export function emptyTrash(): Promise<{ deleted: number }> {
  return api.delete<{ deleted: number }>('/messages/trash');
}
