import type { FilterDto } from '@postline/shared/filters';
import { api } from '@/lib/api-client';

/** GET /filters: the user's filters in priority order. */
export function fetchFilters(): Promise<FilterDto[]> {
  return api.get<FilterDto[]>('/filters');
}
