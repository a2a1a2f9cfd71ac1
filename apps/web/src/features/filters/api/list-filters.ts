import { queryOptions } from '@tanstack/react-query';
import type { FilterDto } from '@postline/shared/filters';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** GET /filters, the user's filters in priority order, under the list's cache entry. */
export const filterListQuery = queryOptions({
  queryKey: queryKeys.filters.list,
  queryFn: () => api.get<FilterDto[]>('/filters'),
});
