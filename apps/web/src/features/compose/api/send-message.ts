import type { SendMessageInput } from '@postline/shared/message-requests';
import type { Message } from '@postline/shared/messages';
import { api } from '@/lib/api-client';

/**
 * POST /messages: sends; with draftId the saved draft is what goes, and it leaves Drafts. The
 * answer is the copy in Sent, or the mail waiting in Scheduled (the undo delay, or ?sendAt).
 */
export function sendMessage(input: SendMessageInput, sendAt?: string): Promise<Message> {
  return api.post<Message>('/messages', input, sendAt ? { params: { sendAt } } : undefined);
}
