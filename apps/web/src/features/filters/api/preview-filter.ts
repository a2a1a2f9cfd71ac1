import type { FilterPreview } from '@postline/shared/filters';
import { api } from '@/lib/api-client';

/** GET /filters/{id}/preview: the saved filter on the newest Inbox mail (or the samples); nothing changes. */
export function fetchFilterPreview(id: number): Promise<FilterPreview> {
  return api.get<FilterPreview>(`/filters/${id}/preview`);
}
