import type { ForwardInput } from '@postline/shared/message-requests';
import type { Message } from '@postline/shared/messages';
import { api } from '@/lib/api-client';

/** POST /messages/forward: the original is quoted below the note and keeps its attachments. */
export function forwardMessage(input: ForwardInput): Promise<Message> {
  return api.post<Message>('/messages/forward', input);
}
