import type { FilterDto } from '@postline/shared/filters';
import type { FilterRequestInput } from '@postline/shared/filter-requests';
import { api } from '@/lib/api-client';

/** POST /filters (no id: the new filter runs last) or PUT /filters/{id}. */
export function saveFilter(request: FilterRequestInput, id?: number): Promise<FilterDto> {
  return id === undefined
    ? api.post<FilterDto>('/filters', request)
    : api.put<FilterDto>(`/filters/${id}`, request);
}
