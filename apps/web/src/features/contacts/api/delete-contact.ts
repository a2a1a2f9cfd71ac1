import { api } from '@/lib/api-client';

/** DELETE /contacts/{id}: it leaves its groups too. */
export function deleteContact(id: number): Promise<null> {
  return api.delete<null>(`/contacts/${id}`);
}
