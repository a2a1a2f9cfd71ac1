import type { TemplateCategoryRequest } from '@postline/shared/template-requests';
import type { TemplateCategory } from '@postline/shared/templates';
import { api } from '@/lib/api-client';

/** POST /templates/categories. */
export function createCategory(request: TemplateCategoryRequest): Promise<TemplateCategory> {
  return api.post<TemplateCategory>('/templates/categories', request);
}
