import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { MessagePage } from '@postline/shared/messages';
import { messageOf } from '@/lib/api-error';
import { queryKeys } from '@/lib/query-keys';
import { fetchMessagePage, type ListRequest } from '../api/get-messages';

export interface MessageListState {
  page: MessagePage | null;
  /** True while nothing is shown yet, or the rows shown are the previous request's. */
  loading: boolean;
  /** True while any load is under way, quiet ones included. */
  fetching: boolean;
  error: string | null;
  /** Loads the page again, keeping the rows on screen meanwhile. */
  reload: () => void;
}

/** The list's cache entry and its load, for the hook and for the first screen's prefetch. */
export function messageListQuery(request: ListRequest) {
  return queryOptions({
    queryKey: queryKeys.messages.list(request),
    queryFn: ({ signal }) => fetchMessagePage(request, signal),
  });
}

/**
 * The page the request names, from the cache. A page, sort or search change keeps the previous
 * rows until the new ones arrive (issue 17); only the latest request's answer is ever shown.
 */
export function useMessageList(request: ListRequest): MessageListState {
  const query = useQuery({ ...messageListQuery(request), placeholderData: keepPreviousData });
  return {
    page: query.data ?? null,
    loading: query.isPending || query.isPlaceholderData,
    fetching: query.isFetching,
    error: query.error ? messageOf(query.error) : null,
    reload: () => void query.refetch(),
  };
}
