import type { FilterDto } from '@postline/shared/filters';
import { api } from '@/lib/api-client';

/** GET /filters/{id}: one filter, to fill the edit form. */
export function fetchFilter(id: number): Promise<FilterDto> {
  return api.get<FilterDto>(`/filters/${id}`);
}
