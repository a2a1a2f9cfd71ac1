import type { Message } from '@postline/shared/messages';
import { api } from '@/lib/api-client';

/** PATCH /messages/{id}/spam?isSpam: to Spam (the spam filter learns it), or back to the inbox. */
export function reportSpam(id: number, isSpam: boolean): Promise<Message> {
  return api.patch<Message>(`/messages/${id}/spam`, undefined, { params: { isSpam } });
}
