import type { DraftSummary } from '@postline/shared/drafts';
import { api } from '@/lib/api-client';

/** GET /messages/{id}/drafts: the drafts answering or forwarding that message, the latest first. */
export function fetchDraftsAnswering(messageId: number): Promise<DraftSummary[]> {
  return api.get<DraftSummary[]>(`/messages/${messageId}/drafts`);
}
