import { queryOptions } from '@tanstack/react-query';
import type { Page } from '@postline/shared/common';
import { PAGE_SIZE_MAX } from '@postline/shared/limits';
import type { Signature } from '@postline/shared/signatures';
import { api } from '../api-client';
import { queryKeys } from '../query-keys';

/**
 * Every signature, one full page: people keep a handful. The signatures page shows them by tab;
 * compose offers the active ones. One cache entry for both, so a signature saved on one screen
 * is on the other at once.
 */
export const signaturesQuery = queryOptions({
  queryKey: queryKeys.signatures.list,
  queryFn: async () =>
    (await api.get<Page<Signature>>('/signatures', { params: { page: 0, size: PAGE_SIZE_MAX } })).content,
});

/**
 * The default signature, or null when there is none. Asked as GET /signatures?isDefault=true
 * rather than GET /signatures/default: a new user has none, and that 404 would be a failed request
 * in the browser console on every visit, for what is simply an empty state.
 */
export const defaultSignatureQuery = queryOptions({
  queryKey: queryKeys.signatures.default,
  queryFn: async () => {
    const page = await api.get<Page<Signature>>('/signatures', {
      params: { isDefault: true, page: 0, size: 1 },
    });
    return page.content[0] ?? null;
  },
});
