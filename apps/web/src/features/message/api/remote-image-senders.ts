import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { RemoteImageSenders } from '@postline/shared/remote-images';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

const path = (address: string) => `/remote-images/senders/${encodeURIComponent(address)}`;

/**
 * GET /remote-images/senders: the senders whose mail shows its remote images without asking
 * (issue 34), kept per user on the server. Read once a visit; the changes below answer the list.
 */
export function useRemoteImageSenders(): readonly string[] | null {
  const { data } = useQuery({
    queryKey: queryKeys.remoteImageSenders,
    queryFn: () => api.get<RemoteImageSenders>('/remote-images/senders'),
    staleTime: Infinity,
  });
  return data?.addresses ?? null;
}

/** PUT (always show) or DELETE (ask first again) /remote-images/senders/{address}. */
export function useChangeRemoteImageSender(onError: () => void) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ address, always }: { address: string; always: boolean }) =>
      always ? api.put<RemoteImageSenders>(path(address)) : api.delete<RemoteImageSenders>(path(address)),
    onSuccess: (answer) => client.setQueryData(queryKeys.remoteImageSenders, answer),
    onError,
  });
}
