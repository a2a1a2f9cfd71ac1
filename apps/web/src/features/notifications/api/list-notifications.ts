import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { Page } from '@postline/shared/common';
import { PAGE_SIZE_DEFAULT } from '@postline/shared/limits';
import type { Notification } from '@postline/shared/notifications';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { notificationsOf } from '../notifications-cache';

/** GET /notifications?page&size: newest first, zero-based pages. */
function fetchNotifications(params: { page: number; size: number }): Promise<Page<Notification>> {
  return api.get<Page<Notification>>('/notifications', { params });
}

/** The list's cache entry: one page per Load more, the zero-based page number as its parameter. */
function notificationListQuery() {
  return infiniteQueryOptions({
    queryKey: queryKeys.notifications.list,
    queryFn: ({ pageParam }) => fetchNotifications({ page: pageParam, size: PAGE_SIZE_DEFAULT }),
    initialPageParam: 0,
    getNextPageParam: (last, _pages, lastPageParam) => (last.last ? undefined : lastPageParam + 1),
  });
}

const NONE: Notification[] = [];

/**
 * The notifications the bell and /notifications show, newest first, from the cache pushes are
 * merged into. A failed load shows what is held, or the empty list (SPEC §8 swallows it); a failed
 * Load more is only logged and the button stays.
 */
export function useNotificationList() {
  const query = useInfiniteQuery({ ...notificationListQuery(), select: notificationsOf });
  return {
    items: query.data ?? NONE,
    isLoading: query.isPending,
    hasMore: query.hasNextPage,
    isLoadingMore: query.isFetchingNextPage,
    loadMore() {
      if (query.isFetchingNextPage || !query.hasNextPage) return;
      void query.fetchNextPage().then((result) => {
        if (result.isFetchNextPageError) console.error('Loading more notifications failed', result.error);
      });
    },
  };
}
