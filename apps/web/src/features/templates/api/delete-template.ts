import { api } from '@/lib/api-client';

/** DELETE /templates/{id}. */
export function deleteTemplate(id: number): Promise<null> {
  return api.delete<null>(`/templates/${id}`);
}
