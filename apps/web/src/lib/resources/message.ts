import { queryOptions } from '@tanstack/react-query';
import type { Message } from '@postline/shared/messages';
import { api } from '../api-client';
import { queryKeys } from '../query-keys';

/** /message/abc or /message/0 names no message: it is not worth asking the server. */
export function isMessageId(id: number): boolean {
  return Number.isSafeInteger(id) && id > 0;
}

/**
 * GET /messages/{id}: one message in full, under its cache entry. The message screen, its "show
 * original" page, the first screen's prefetch and compose continuing a draft all read it here.
 */
export function messageQuery(id: number) {
  return queryOptions({
    queryKey: queryKeys.messages.detail(id),
    queryFn: () => api.get<Message>(`/messages/${id}`),
  });
}
