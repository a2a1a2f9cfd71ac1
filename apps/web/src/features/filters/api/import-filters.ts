import type { FilterImportResponse } from '@postline/shared/filter-answers';
import { api } from '@/lib/api-client';

/** POST /filters/import: the export file, parsed on the client (SPEC §7). */
export function importJson(file: unknown): Promise<FilterImportResponse> {
  return api.post<FilterImportResponse>('/filters/import', file);
}

/** POST /filters/import/sieve with the script as {script}. */
export function importSieve(script: string): Promise<FilterImportResponse> {
  return api.post<FilterImportResponse>('/filters/import/sieve', { script });
}

/** POST /filters/import/gmail with Gmail's mailFilters.xml as {xml}. */
export function importGmail(xml: string): Promise<FilterImportResponse> {
  return api.post<FilterImportResponse>('/filters/import/gmail', { xml });
}
