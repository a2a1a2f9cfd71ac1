import type { SendMessageInput } from '@postline/shared/message-requests';
import type { Message } from '@postline/shared/messages';
import { api } from '@/lib/api-client';

/** POST /messages: sends; with draftId the saved draft is what goes, and it leaves Drafts. */
export function sendMessage(input: SendMessageInput): Promise<Message> {
  return api.post<Message>('/messages', input);
}
