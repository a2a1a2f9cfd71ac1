import type { ForwardInput, ReplyInput } from '@postline/shared/message-requests';
import type { Message } from '@postline/shared/messages';
import { api } from '@/lib/api-client';

/** POST /messages/reply, /messages/reply-all: threaded on the original; draftId leaves Drafts. */
export function sendReply(input: ReplyInput, all: boolean, sendAt?: string): Promise<Message> {
  return api.post<Message>(
    all ? '/messages/reply-all' : '/messages/reply',
    input,
    sendAt ? { params: { sendAt } } : undefined,
  );
}

/** POST /messages/forward: the original quoted below the note, with its attachments. */
export function sendForward(input: ForwardInput, sendAt?: string): Promise<Message> {
  return api.post<Message>('/messages/forward', input, sendAt ? { params: { sendAt } } : undefined);
}
