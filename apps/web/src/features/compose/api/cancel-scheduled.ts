import type { CancelledSend } from '@postline/shared/scheduled';
import { api } from '@/lib/api-client';

/** POST /scheduled/{id}/cancel: Undo, or Cancel of a scheduled mail: back to Drafts, unsent. */
export function cancelScheduled(id: number): Promise<CancelledSend> {
  return api.post<CancelledSend>(`/scheduled/${id}/cancel`);
}
