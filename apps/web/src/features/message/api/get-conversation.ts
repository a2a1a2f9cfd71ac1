import type { Conversation } from '@postline/shared/conversations';
import { api } from '@/lib/api-client';

/** GET /conversations/{id}: its messages oldest first; from a folder, those there and the sent ones. */
export function fetchConversation(
  id: string,
  mailboxId: number | null,
  signal?: AbortSignal,
): Promise<Conversation> {
  return api.get<Conversation>(`/conversations/${encodeURIComponent(id)}`, {
    params: mailboxId === null ? {} : { mailboxId },
    signal,
  });
}
