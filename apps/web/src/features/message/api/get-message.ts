import { useCallback, useEffect, useRef, useState } from 'react';
import type { Message } from '@postline/shared/messages';
import { api } from '@/lib/api-client';
import { ApiError, messageOf } from '@/lib/api-error';
import { markRead } from './mark-read';

/** GET /messages/{id}: one message in full. */
export function fetchMessage(id: number): Promise<Message> {
  return api.get<Message>(`/messages/${id}`);
}

export interface MessageState {
  message: Message | null;
  loading: boolean;
  error: string | null;
  notFound: boolean;
  setMessage: (update: (message: Message) => Message) => void;
  reload: () => void;
}

/** Loads the message and, if it is unread, marks it read (SPEC §4): opening is reading. */
export function useMessage(id: number): MessageState {
  const [message, setMessageState] = useState<Message | null>(null);
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState<string | null>(null);
  const [notFound, setNotFound] = useState(false);
  const latest = useRef(0);
  const markedRead = useRef<number | null>(null);

  const load = useCallback(() => {
    const call = ++latest.current;
    // /message/abc or /message/0 names no message: say so without asking the server.
    if (!Number.isSafeInteger(id) || id <= 0) {
      setMessageState(null);
      setNotFound(true);
      setError(null);
      setLoading(false);
      return;
    }
    setLoading(true);
    setError(null);
    setNotFound(false);
    fetchMessage(id)
      .then((loaded) => {
        if (call !== latest.current) return;
        setMessageState(loaded);
        setLoading(false);
        if (!loaded.isRead && markedRead.current !== loaded.id) {
          markedRead.current = loaded.id;
          setMessageState({ ...loaded, isRead: true });
          markRead(loaded.id, true).catch((failure: unknown) =>
            console.warn('Could not mark the message read', failure),
          );
        }
      })
      .catch((failure: unknown) => {
        if (call !== latest.current) return;
        setNotFound(failure instanceof ApiError && failure.status === 404);
        setError(messageOf(failure));
        setLoading(false);
      });
  }, [id]);

  useEffect(() => {
    load();
    return () => {
      latest.current += 1;
    };
  }, [load]);

  const setMessage = useCallback((update: (current: Message) => Message) => {
    setMessageState((current) => (current ? update(current) : current));
  }, []);

  return { message, loading, error, notFound, setMessage, reload: load };
}
