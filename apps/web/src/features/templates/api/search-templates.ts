import type { Page } from '@postline/shared/common';
import type { Template } from '@postline/shared/templates';
import { api } from '@/lib/api-client';
import type { TemplateListParams } from './list-templates';

/** GET /templates/search?keyword: the same page shape, matched on name, subject and body. */
export function searchTemplates(params: TemplateListParams & { keyword: string }): Promise<Page<Template>> {
  return api.get<Page<Template>>('/templates/search', { params });
}
