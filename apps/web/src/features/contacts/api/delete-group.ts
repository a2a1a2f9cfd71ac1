import { api } from '@/lib/api-client';

/** DELETE /contact-groups/{id}: the group goes, its contacts stay. */
export function deleteGroup(id: number): Promise<null> {
  return api.delete<null>(`/contact-groups/${id}`);
}
