import type { RemoteImageSenders } from '@postline/shared/remote-images';
import { api } from '@/lib/api-client';

/**
 * GET /remote-images/senders: the senders whose mail shows its remote images without asking
 * (issue 34), kept per user on the server.
 */
export function fetchRemoteImageSenders(): Promise<RemoteImageSenders> {
  return api.get<RemoteImageSenders>('/remote-images/senders');
}
