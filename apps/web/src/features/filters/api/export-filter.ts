import type { FilterExportFile } from '@postline/shared/filter-requests';
import { api } from '@/lib/api-client';

/** GET /filters/{id}/export: the JSON file another account can import, as text to save. */
export async function exportFilter(id: number): Promise<string> {
  const file = await api.get<FilterExportFile>(`/filters/${id}/export`);
  return `${JSON.stringify(file, null, 2)}\n`;
}
