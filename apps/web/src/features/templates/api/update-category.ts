import type { TemplateCategoryRequest } from '@postline/shared/template-requests';
import type { TemplateCategory } from '@postline/shared/templates';
import { api } from '@/lib/api-client';

/** PUT /templates/categories/{id}: name, description and colour. */
export function updateCategory(id: number, request: TemplateCategoryRequest): Promise<TemplateCategory> {
  return api.put<TemplateCategory>(`/templates/categories/${id}`, request);
}
