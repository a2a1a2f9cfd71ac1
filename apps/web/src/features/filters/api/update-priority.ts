import type { FilterDto, FilterPriorityUpdate } from '@postline/shared/filters';
import { api } from '@/lib/api-client';

/** PUT /filters/priority: the moved filters with the places they take. */
export function updatePriority(updates: FilterPriorityUpdate): Promise<FilterDto[]> {
  return api.put<FilterDto[]>('/filters/priority', updates);
}
