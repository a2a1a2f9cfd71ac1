import { api } from '@/lib/api-client';

/** PATCH /messages/{id}/move?targetMailboxId */
export function moveMessage(id: number, targetMailboxId: number): Promise<unknown> {
  return api.patch(`/messages/${id}/move`, undefined, { params: { targetMailboxId } });
}
