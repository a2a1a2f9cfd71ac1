import type { DashboardSummary } from '@postline/shared/messages';
import { api } from '@/lib/api-client';

/** GET /dashboard/summary: counts, folders and the 5 latest inbox messages. */
export function fetchDashboardSummary(): Promise<DashboardSummary> {
  return api.get<DashboardSummary>('/dashboard/summary');
}
