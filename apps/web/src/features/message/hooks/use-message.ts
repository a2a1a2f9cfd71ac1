import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef } from 'react';
import type { Message } from '@postline/shared/messages';
import { ApiError, messageOf } from '@/lib/api-error';
import { queryKeys } from '@/lib/query-keys';
import { isMessageId, messageQuery, useMarkRead } from '@/features/mail/queries';

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
  const valid = isMessageId(id);
  const client = useQueryClient();
  const query = useQuery({ ...messageQuery(id), enabled: valid });
  const message = query.data ?? null;
  const { mutate: markRead } = useMarkRead();
  const markedRead = useRef<number | null>(null);

  useEffect(() => {
    if (message && !message.isRead && markedRead.current !== message.id) {
      markedRead.current = message.id;
      markRead({ id: message.id, isRead: true });
    }
  }, [message, markRead]);

  const setMessage = useCallback(
    (update: (current: Message) => Message) =>
      client.setQueryData<Message>(queryKeys.messages.detail(id), (current) =>
        current ? update(current) : current,
      ),
    [client, id],
  );
  const { refetch } = query;
  const reload = useCallback(() => void refetch(), [refetch]);

  if (!valid) return { message: null, loading: false, error: null, notFound: true, setMessage, reload };
  const failure = query.error;
  return {
    message,
    loading: query.isPending,
    error: failure ? messageOf(failure) : null,
    notFound: failure instanceof ApiError && failure.status === 404,
    setMessage,
    reload,
  };
}
