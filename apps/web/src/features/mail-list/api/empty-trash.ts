import type { EmptyResult } from '@postline/shared/messages';
import { api } from '@/lib/api-client';

/** DELETE /messages/trash: removes everything in the trash for good. */
export function emptyTrash(): Promise<EmptyResult> {
  return api.delete<EmptyResult>('/messages/trash');
}
