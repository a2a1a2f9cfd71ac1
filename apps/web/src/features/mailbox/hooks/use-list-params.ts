import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { parseListParams, serializeListParams, type ListParams } from '../list-params';

/** The list state read from and written to the URL; every change but paging starts at page 1. */
export function useListParams(): [ListParams, (change: Partial<ListParams>) => void] {
  const [query, setQuery] = useSearchParams();
  const params = useMemo(() => parseListParams(query), [query]);

  const update = useCallback(
    (change: Partial<ListParams>) => {
      const next: ListParams = { ...params, page: 1, ...change };
      setQuery(serializeListParams(next));
    },
    [params, setQuery],
  );

  return [params, update];
}
