import type { ReplyInput } from '@postline/shared/message-requests';
import type { Message } from '@postline/shared/messages';
import { api } from '@/lib/api-client';

/** POST /messages/reply, or /messages/reply-all for everyone on the original but me. */
export function sendReply(input: ReplyInput, all: boolean): Promise<Message> {
  return api.post<Message>(all ? '/messages/reply-all' : '/messages/reply', input);
}
