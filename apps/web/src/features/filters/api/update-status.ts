import type { FilterBulkStatusRequest, FilterDto } from '@postline/shared/filters';
import { api } from '@/lib/api-client';

/** PUT /filters/status: switch one or several filters on or off. */
export function updateStatus(request: FilterBulkStatusRequest): Promise<FilterDto[]> {
  return api.put<FilterDto[]>('/filters/status', request);
}
