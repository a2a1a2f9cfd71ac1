import { queryOptions, useQuery } from '@tanstack/react-query';
import { messageOf } from '@/lib/api-error';
import { queryKeys } from '@/lib/query-keys';
import { fetchDashboardSummary } from './api/get-dashboard-summary';

/** The summary's cache entry and its load, for the hook and for the first screen's prefetch. */
export function dashboardQuery() {
  return queryOptions({
    queryKey: queryKeys.dashboard,
    queryFn: async () => {
      try {
        return await fetchDashboardSummary();
      } catch (failure) {
        // SPEC §2: a failure of the recent list is only logged; the cards say it could not load.
        console.warn('Could not load the dashboard', failure);
        throw failure;
      }
    },
  });
}

/** The summary, from the cache the real-time handler also updates when new mail arrives. */
export function useDashboardSummary() {
  const query = useQuery(dashboardQuery());
  return {
    summary: query.data ?? null,
    error: query.error ? messageOf(query.error) : null,
    loading: query.isPending,
    reload: () => void query.refetch(),
  };
}
