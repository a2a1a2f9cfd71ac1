import type { TemplateRequest } from '@postline/shared/template-requests';
import type { Template } from '@postline/shared/templates';
import { api } from '@/lib/api-client';

/** PUT /templates/{id}: only the owner may; isActive is left as it was when not sent. */
export function updateTemplate(id: number, request: TemplateRequest): Promise<Template> {
  return api.put<Template>(`/templates/${id}`, request);
}
