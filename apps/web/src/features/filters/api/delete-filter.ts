import { api } from '@/lib/api-client';

/** DELETE /filters/{id}. */
export async function deleteFilter(id: number): Promise<void> {
  await api.delete<null>(`/filters/${id}`);
}
