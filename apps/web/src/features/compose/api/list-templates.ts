import type { Page } from '@postline/shared/common';
import { PAGE_SIZE_MAX } from '@postline/shared/limits';
import type { Template } from '@postline/shared/templates';
import { api } from '@/lib/api-client';

/** GET /templates?isActive=true: the active templates the user may use (own and shared). */
export function fetchUsableTemplates(): Promise<Page<Template>> {
  return api.get<Page<Template>>('/templates', { params: { isActive: true, page: 0, size: PAGE_SIZE_MAX } });
}
