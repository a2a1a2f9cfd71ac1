import type { TemplateCategory } from '@postline/shared/templates';
import { api } from '@/lib/api-client';

/** GET /templates/categories: the four built-in ones and the user's own, with template counts. */
export function fetchCategories(): Promise<TemplateCategory[]> {
  return api.get<TemplateCategory[]>('/templates/categories');
}
