import { useCallback, useMemo } from 'react';
import { useParams, useSearchParams } from 'react-router';
import {
  parseFolder,
  parseListParams,
  rememberedPageSize,
  rememberPageSize,
  serializeListParams,
  type FolderRef,
  type ListParams,
} from '../list-params';

export type ListUpdate = (change: Partial<ListParams>) => void;

/**
 * The list's address read and written: the folder it shows (null when /mailbox/{folder} names
 * none) and its state in the query; every change but paging starts at page 1. A page size chosen
 * here is remembered for the lists opened after (rememberPageSize).
 */
export function useListAddress(): { folder: FolderRef | null; params: ListParams; update: ListUpdate } {
  const slug = useParams().folder;
  const folder = useMemo(() => parseFolder(slug), [slug]);
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

  return { folder, params, update };
}
