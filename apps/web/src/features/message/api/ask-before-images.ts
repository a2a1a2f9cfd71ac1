import type { RemoteImageSenders } from '@postline/shared/remote-images';
import { api } from '@/lib/api-client';

/** DELETE /remote-images/senders/{address}: ask before showing this sender's images; answers the list. */
export function askBeforeImagesFrom(address: string): Promise<RemoteImageSenders> {
  return api.delete<RemoteImageSenders>(`/remote-images/senders/${encodeURIComponent(address)}`);
}
