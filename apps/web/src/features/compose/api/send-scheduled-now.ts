import type { ScheduledSend } from '@postline/shared/scheduled';
import { api } from '@/lib/api-client';

/** POST /scheduled/{id}/send-now: a mail waiting in Scheduled goes at once. */
export function sendScheduledNow(id: number): Promise<ScheduledSend> {
  return api.post<ScheduledSend>(`/scheduled/${id}/send-now`);
}
