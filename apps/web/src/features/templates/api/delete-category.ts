import { api } from '@/lib/api-client';

/** DELETE /templates/categories/{id}: its templates move to the built-in General category. */
export function deleteCategory(id: number): Promise<null> {
  return api.delete<null>(`/templates/categories/${id}`);
}
