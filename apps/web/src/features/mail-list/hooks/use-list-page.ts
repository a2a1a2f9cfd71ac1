import { useEffect, useMemo } from 'react';
import type { FolderRef, ListParams } from '../list-params';
import { listRequest } from '../list-request';
import { useConversationView, useMessageList } from '../queries';
import { useCursorPaging } from './use-cursor-paging';
import type { ListUpdate } from './use-list-params';

/**
 * The page of a folder's list that the address asks for (by conversation when the user's setting
 * says so, issue 36): the server call it makes, by the cursor
 * of the page shown when it steps to the next or previous one, and its answer.
 */
export function useListPage(folder: FolderRef, params: ListParams, update: ListUpdate) {
  const conversations = useConversationView();
  const pageRequest = useMemo(
    () => listRequest(folder, params, conversations),
    [folder, params, conversations],
  );
  const paging = useCursorPaging(pageRequest, params.page);
  const { request } = paging;
  const list = useMessageList(request);

  // After deleting the last rows of the last page, show the page that now is the last.
  const totalPages = list.page?.totalPages ?? 0;
  useEffect(() => {
    if (!list.fetching && totalPages > 0 && params.page > totalPages) update({ ...params, page: totalPages });
  }, [list.fetching, totalPages, params, update]);

  return { paging, request, list };
}
