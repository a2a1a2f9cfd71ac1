import { api } from '@/lib/api-client';

/** PATCH /messages/{id}/star?isStarred */
export function starMessage(id: number, isStarred: boolean): Promise<unknown> {
  return api.patch(`/messages/${id}/star`, undefined, { params: { isStarred } });
}
