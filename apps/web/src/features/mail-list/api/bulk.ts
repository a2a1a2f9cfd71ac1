import type { BulkInput, BulkResult } from '@postline/shared/message-requests';
import { api } from '@/lib/api-client';

/** POST /messages/bulk: one action on the ticked messages, or on every message of a scope. */
export function bulkAction(request: BulkInput): Promise<BulkResult> {
  return api.post<BulkResult>('/messages/bulk', request);
}
