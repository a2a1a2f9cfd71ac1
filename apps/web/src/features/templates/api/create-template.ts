import type { TemplateRequest } from '@postline/shared/template-requests';
import type { Template } from '@postline/shared/templates';
import { api } from '@/lib/api-client';

/** POST /templates: variables are worked out by the server from the {{names}} in the texts. */
export function createTemplate(request: TemplateRequest): Promise<Template> {
  return api.post<Template>('/templates', request);
}
