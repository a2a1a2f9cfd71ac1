import type { FilterDto } from '@postline/shared/filters';
import { api } from '@/lib/api-client';

/** POST /filters/{id}/copy: the server names the copy 'X (copy)' in the request's language. */
export function copyFilter(id: number): Promise<FilterDto> {
  return api.post<FilterDto>(`/filters/${id}/copy`, {});
}
