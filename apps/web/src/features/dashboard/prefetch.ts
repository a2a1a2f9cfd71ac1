import { prefetchForFirstScreen } from '@/lib/query-client';
import { dashboardQuery } from './queries';

/** The summary the dashboard shows, asked for beside the screen's code (issue 17). */
export function prefetchDashboard(): Promise<void> {
  return prefetchForFirstScreen(dashboardQuery());
}
