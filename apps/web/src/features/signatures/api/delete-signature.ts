import { api } from '@/lib/api-client';

/** DELETE /signatures/{id}. */
export function deleteSignature(id: number): Promise<null> {
  return api.delete<null>(`/signatures/${id}`);
}
