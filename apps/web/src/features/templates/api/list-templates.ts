import type { Page } from '@postline/shared/common';
import type { Template } from '@postline/shared/templates';
import { api } from '@/lib/api-client';

export interface TemplateListParams {
  page: number;
  size: number;
  categoryId?: number | undefined;
}

/** GET /templates: own and shared templates, paged, optionally of one category. */
export function fetchTemplates(params: TemplateListParams): Promise<Page<Template>> {
  return api.get<Page<Template>>('/templates', { params });
}
