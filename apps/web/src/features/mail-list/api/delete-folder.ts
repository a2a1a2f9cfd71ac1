import { api } from '@/lib/api-client';

/** DELETE /mailboxes/{id}: the folder and its sub-folders; their mail goes to the trash. */
export function deleteFolder(id: number): Promise<null> {
  return api.delete<null>(`/mailboxes/${id}`);
}
