import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import {
  parseListParams,
  rememberedPageSize,
  rememberPageSize,
  serializeListParams,
  type ListParams,
} from '../list-params';

/**
 * The list state read from and written to the URL; every change but paging starts at page 1. A
 * page size chosen here is remembered for the lists opened after (rememberPageSize).
 */
export function useListParams(): [ListParams, (change: Partial<ListParams>) => void] {
  const [query, setQuery] = useSearchParams();
  const params = useMemo(() => parseListParams(query, rememberedPageSize()), [query]);

  const update = useCallback(
    (change: Partial<ListParams>) => {
      const next: ListParams = { ...params, page: 1, ...change };
      // Written against the size the page had by default, so a size chosen now is in the address
      // whenever it changes what the list shows.
      const shownByDefault = rememberedPageSize();
      if (change.size !== undefined && change.size !== params.size) rememberPageSize(change.size);
      setQuery(serializeListParams(next, shownByDefault));
    },
    [params, setQuery],
  );

  return [params, update];
}
