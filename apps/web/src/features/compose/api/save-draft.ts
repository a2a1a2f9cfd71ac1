import type { SaveDraftInput } from '@postline/shared/message-requests';
import type { Message } from '@postline/shared/messages';
import { api } from '@/lib/api-client';

/** POST /messages/drafts for a new draft, PUT /messages/drafts/{id} to rewrite a saved one. */
export function saveDraft(input: SaveDraftInput, draftId: number | null): Promise<Message> {
  return draftId === null
    ? api.post<Message>('/messages/drafts', input)
    : api.put<Message>(`/messages/drafts/${draftId}`, input);
}
