import { api } from '@/lib/api-client';

/** GET /filters/export/sieve: every filter of the user as one Sieve script (RFC 5228). */
export function exportSieve(): Promise<string> {
  return api.get<string>('/filters/export/sieve', { responseType: 'text' });
}
