import { POPULAR_TEMPLATES_DEFAULT_LIMIT } from '@postline/shared/limits';
import type { Template } from '@postline/shared/templates';
import { api } from '@/lib/api-client';

/** GET /templates/popular?limit: most used first (the screen shows the first five). */
export function fetchPopularTemplates(limit: number = POPULAR_TEMPLATES_DEFAULT_LIMIT): Promise<Template[]> {
  return api.get<Template[]>('/templates/popular', { params: { limit } });
}
