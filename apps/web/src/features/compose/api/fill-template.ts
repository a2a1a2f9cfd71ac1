import type { TemplateUseRequest } from '@postline/shared/template-requests';
import type { TemplateResult } from '@postline/shared/templates';
import { api } from '@/lib/api-client';

/** POST /templates/use: the filled subject and body; the template's usage count goes up. */
export function fillTemplate(request: TemplateUseRequest): Promise<TemplateResult> {
  return api.post<TemplateResult>('/templates/use', request);
}
