import { api } from '@/lib/api-client';

/** DELETE /messages/{id}?permanent=true: a discarded draft goes for good, not to the trash. */
export function discardDraft(id: number): Promise<unknown> {
  return api.delete<unknown>(`/messages/${id}`, { params: { permanent: true } });
}
