import { useMemo, useState } from 'react';
import type { MessagePage } from '@postline/shared/messages';
import type { ListRequest } from '../list-request';

/** The cursor that leads to `page` of the list `base` (the request without its page) stands for. */
interface CursorStep {
  base: string;
  page: number;
  cursor: string;
}

/** The same call for the next or previous page of the one shown: the server finds that page by key. */
export function withCursor(request: ListRequest, cursor: string | undefined): ListRequest {
  return cursor ? { ...request, query: { ...request.query, cursor } } : request;
}

/**
 * Keyset paging for a message list (issue 14): stepping to the next or previous page goes by the
 * cursor of the page shown, as fast at the end of a huge folder as at its start; a jump to any other
 * page, or a change of folder, sort, search or filter, goes by number.
 */
export function useCursorPaging(pageRequest: ListRequest, page: number) {
  const [step, setStep] = useState<CursorStep | null>(null);
  // A cursor is good only for the list it came from: the same call but for its page.
  const { page: _page, ...listQuery } = pageRequest.query;
  const base = JSON.stringify({ url: pageRequest.url, query: listQuery });
  const cursor = step && step.base === base && step.page === page ? step.cursor : undefined;

  /** Call before moving from the page shown to page `next` (1-based). */
  const remember = (shown: MessagePage, next: number) => {
    const current = shown.number + 1;
    const via = next === current + 1 ? shown.nextCursor : next === current - 1 ? shown.prevCursor : null;
    setStep(via ? { base, page: next, cursor: via } : null);
  };

  const request = useMemo(() => withCursor(pageRequest, cursor), [pageRequest, cursor]);
  return { request, remember };
}
