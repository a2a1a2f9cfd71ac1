import type { Draft } from '@postline/shared/drafts';
import { api } from '@/lib/api-client';

/** GET /messages/drafts/{id}: a draft with what it is written as and the signature it holds. */
export function fetchDraft(id: number): Promise<Draft> {
  return api.get<Draft>(`/messages/drafts/${id}`);
}
