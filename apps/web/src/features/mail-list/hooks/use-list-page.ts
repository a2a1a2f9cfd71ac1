import { useEffect, useMemo } from 'react';
import type { FolderRef } from '../list-params';
import { listRequest } from '../list-request';
import { useMessageList } from '../queries';
import { useCursorPaging } from './use-cursor-paging';
import { useListParams } from './use-list-params';

/**
 * The page of a folder's list that the address asks for: the address's params and their change,
 * the cursor that steps to the next or previous page, the server call they make and its answer.
 */
export function useListPage(folder: FolderRef) {
  const [params, update] = useListParams();
  const paging = useCursorPaging(folder, params);
  const { cursor } = paging;
  const request = useMemo(() => listRequest(folder, params, cursor), [folder, params, cursor]);
  const list = useMessageList(request);

  // After deleting the last rows of the last page, show the page that now is the last.
  const totalPages = list.page?.totalPages ?? 0;
  useEffect(() => {
    if (!list.fetching && totalPages > 0 && params.page > totalPages) update({ ...params, page: totalPages });
  }, [list.fetching, totalPages, params, update]);

  return { params, update, paging, request, list };
}
