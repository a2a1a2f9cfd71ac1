import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef } from 'react';
import type { Conversation } from '@postline/shared/conversations';
import type { Message } from '@postline/shared/messages';
import type { UnsubscribeOffer, UnsubscribeResult } from '@postline/shared/unsubscribe';
import { invalidateMail, removeMessages } from '@/features/mail/cache';
import { isMessageId, messageQuery, useMarkRead, useOptimisticMail } from '@/features/mail/queries';
import { ApiError, messageOf } from '@/lib/api-error';
import { queryKeys } from '@/lib/query-keys';
import { alwaysShowImagesFrom } from './api/always-show-images';
import { askBeforeImagesFrom } from './api/ask-before-images';
import { deleteMessage } from './api/delete-message';
import { fetchConversation } from './api/get-conversation';
import { fetchRemoteImageSenders } from './api/list-remote-image-senders';
import { moveMessage } from './api/move-message';
import { fetchOriginal, sourceText } from './api/original';
import { restoreMessage } from './api/restore-message';
import { fetchUnsubscribeOffer, unsubscribeWithOneClick } from './api/unsubscribe';

/* The message screen's and "show original"'s server state: what they read and what they change. */

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

export type OriginalState =
  | { kind: 'loading' }
  | { kind: 'failed'; error: string | null }
  | { kind: 'ready'; message: Message; source: string };

/** The message and its source as it arrived, for /message/{id}/original. */
export function useOriginal(id: number): OriginalState {
  const valid = isMessageId(id);
  const message = useQuery({ ...messageQuery(id), enabled: valid });
  const source = useQuery({
    queryKey: queryKeys.messages.original(id),
    queryFn: async () => sourceText(await (await fetchOriginal(id)).arrayBuffer()),
    enabled: valid,
    // The source never changes; only a new visit asks again.
    staleTime: Infinity,
    gcTime: 0,
  });
  const failure = message.error ?? source.error;
  // null: no such message (SPEC: other users' mail is not found either).
  if (!valid) return { kind: 'failed', error: null };
  if (failure) return { kind: 'failed', error: messageOf(failure) };
  if (message.data && source.data !== undefined)
    return { kind: 'ready', message: message.data, source: source.data };
  return { kind: 'loading' };
}

/** Takes the message out of the lists and counts at once; a refusal brings it back. */
export function useDeleteMessage(handlers: { onSuccess: () => void; onError: () => void }) {
  return useOptimisticMail({
    mutationFn: (id: number) => deleteMessage(id),
    apply: (client, id) => removeMessages(client, [id]),
    onSuccess: handlers.onSuccess,
    onError: handlers.onError,
    settle: invalidateMail,
  });
}

export type Filing = { id: number; to: number } | { id: number; restore: true };

/**
 * Files the open message elsewhere (issue 34): it leaves the list it was in at once; the lists
 * and counts then reload, and a refusal brings it back.
 */
export function useFileMessage(handlers: {
  onSuccess: (moved: Message, filing: Filing) => void;
  onError: (error: unknown) => void;
}) {
  return useOptimisticMail({
    mutationFn: (filing: Filing) =>
      'restore' in filing ? restoreMessage(filing.id) : moveMessage(filing.id, filing.to),
    apply: (client, filing) => removeMessages(client, [filing.id]),
    onSuccess: handlers.onSuccess,
    onError: handlers.onError,
    settle: (client) => invalidateMail(client),
  });
}

/**
 * The senders whose mail shows its remote images without asking (issue 34). Read once a visit;
 * the changes below answer the list.
 */
export function useRemoteImageSenders(): readonly string[] | null {
  const { data } = useQuery({
    queryKey: queryKeys.remoteImageSenders,
    queryFn: fetchRemoteImageSenders,
    staleTime: Infinity,
  });
  return data?.addresses ?? null;
}

/** Always show (PUT) or ask first again (DELETE) for one sender's remote images. */
export function useChangeRemoteImageSender(onError: () => void) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ address, always }: { address: string; always: boolean }) =>
      always ? alwaysShowImagesFrom(address) : askBeforeImagesFrom(address),
    onSuccess: (answer) => client.setQueryData(queryKeys.remoteImageSenders, answer),
    onError,
  });
}

export interface ConversationState {
  conversation: Conversation | null;
  loading: boolean;
  error: string | null;
  notFound: boolean;
  reload: () => void;
}

/**
 * A conversation as opened from a folder (issue 36), and its unread messages marked read: opening
 * is reading, as for one message. Mail's reloads (a reply sent, a message deleted) reach it.
 */
export function useConversation(id: string, mailboxId: number | null): ConversationState {
  const query = useQuery({
    queryKey: queryKeys.messages.conversation(id, mailboxId),
    queryFn: ({ signal }) => fetchConversation(id, mailboxId, signal),
    enabled: id !== '',
  });
  const conversation = query.data ?? null;
  const { mutate: markRead } = useMarkRead();
  const marked = useRef(new Set<number>());
  useEffect(() => {
    for (const message of conversation?.messages ?? []) {
      if (message.isRead || marked.current.has(message.id)) continue;
      marked.current.add(message.id);
      markRead({ id: message.id, isRead: true });
    }
  }, [conversation, markRead]);
  const { refetch } = query;
  const reload = useCallback(() => void refetch(), [refetch]);
  const failure = query.error;
  return {
    conversation,
    loading: id !== '' && query.isPending,
    error: failure ? messageOf(failure) : null,
    notFound: id === '' || (failure instanceof ApiError && failure.status === 404),
    reload,
  };
}

/**
 * What a newsletter offers for leaving it (issue 37). Asked only of mail whose DKIM signature
 * passed: the server offers nothing to any other, so the others cost no request.
 */
export function useUnsubscribeOffer(message: Message): UnsubscribeOffer | null {
  const signed = message.authentication?.dkim.result === 'pass';
  const { data } = useQuery({
    queryKey: queryKeys.messages.unsubscribe(message.id),
    queryFn: ({ signal }) => fetchUnsubscribeOffer(message.id, signal),
    enabled: signed,
    staleTime: Infinity,
  });
  return signed ? (data ?? null) : null;
}

/** The one-click request, made by the server; a refusal's text is the server's, in the reader's language. */
export function useUnsubscribe(handlers: {
  onSuccess: (result: UnsubscribeResult) => void;
  onError: (text: string) => void;
}) {
  return useMutation({
    mutationFn: unsubscribeWithOneClick,
    onSuccess: handlers.onSuccess,
    onError: (error) => handlers.onError(messageOf(error)),
  });
}
