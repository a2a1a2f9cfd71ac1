import type { FilterStatistics } from '@postline/shared/filters';
import { api } from '@/lib/api-client';

/** GET /filters/statistics. */
export function fetchStatistics(): Promise<FilterStatistics> {
  return api.get<FilterStatistics>('/filters/statistics');
}
