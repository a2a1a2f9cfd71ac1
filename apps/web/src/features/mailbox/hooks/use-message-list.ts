import { useCallback, useEffect, useRef, useState } from 'react';
import type { MessageListItem, MessagePage } from '@postline/shared/messages';
import { messageOf } from '@/lib/api-error';
import { fetchMessagePage, type ListRequest } from '../api/get-messages';

export interface MessageListState {
  page: MessagePage | null;
  /** True only while nothing is shown yet or the request changed; silent reloads keep the rows. */
  loading: boolean;
  error: string | null;
  /** Loads again; quiet keeps the rows on screen while it does (new mail, after an action). */
  reload: (options?: { quiet?: boolean }) => void;
  /** Changes a row in place, e.g. the star, before the server has answered. */
  patchRow: (id: number, patch: Partial<MessageListItem>) => void;
}

/** Loads the page the request names; a newer request wins over an older answer. */
export function useMessageList(request: ListRequest): MessageListState {
  const key = JSON.stringify(request);
  const [page, setPage] = useState<MessagePage | null>(null);
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState<string | null>(null);
  const latest = useRef(0);
  const requestRef = useRef(request);
  requestRef.current = request;

  const load = useCallback((quiet: boolean) => {
    const call = ++latest.current;
    if (!quiet) setLoading(true);
    setError(null);
    fetchMessagePage(requestRef.current)
      .then((result) => {
        if (call !== latest.current) return;
        setPage(result);
        setLoading(false);
      })
      .catch((failure: unknown) => {
        if (call !== latest.current) return;
        setError(messageOf(failure));
        setLoading(false);
      });
  }, []);

  useEffect(() => {
    load(false);
    return () => {
      latest.current += 1;
    };
  }, [key, load]);

  const reload = useCallback((options?: { quiet?: boolean }) => load(options?.quiet ?? false), [load]);

  const patchRow = useCallback((id: number, patch: Partial<MessageListItem>) => {
    setPage((current) =>
      current
        ? { ...current, content: current.content.map((row) => (row.id === id ? { ...row, ...patch } : row)) }
        : current,
    );
  }, []);

  return { page, loading, error, reload, patchRow };
}
