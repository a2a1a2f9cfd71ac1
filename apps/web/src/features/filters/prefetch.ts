import { prefetchForFirstScreen } from '@/lib/query-client';
import { filterListQuery } from './queries';

/** The filter list /filters shows, asked for beside the screen's code (issue 17). */
export function prefetchFilters(): Promise<void> {
  return prefetchForFirstScreen(filterListQuery);
}
