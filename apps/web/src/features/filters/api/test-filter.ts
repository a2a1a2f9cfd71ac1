import type { FilterSampleMessage, FilterTestResult } from '@postline/shared/filters';
import { api } from '@/lib/api-client';

/** POST /filters/{id}/test with an inline sample (DESIGN.md 6); nothing changes on the server. */
export function testFilter(id: number, message: FilterSampleMessage): Promise<FilterTestResult> {
  return api.post<FilterTestResult>(`/filters/${id}/test`, { message });
}
