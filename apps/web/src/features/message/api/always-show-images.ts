import type { RemoteImageSenders } from '@postline/shared/remote-images';
import { api } from '@/lib/api-client';

/** PUT /remote-images/senders/{address}: this sender's remote images show at once; answers the list. */
export function alwaysShowImagesFrom(address: string): Promise<RemoteImageSenders> {
  return api.put<RemoteImageSenders>(`/remote-images/senders/${encodeURIComponent(address)}`);
}
