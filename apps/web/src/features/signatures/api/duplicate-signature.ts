import type { Signature } from '@postline/shared/signatures';
import { api } from '@/lib/api-client';

/** POST /signatures/{id}/duplicate: without a name the server calls it 'X (copy)'. */
export function duplicateSignature(id: number): Promise<Signature> {
  return api.post<Signature>(`/signatures/${id}/duplicate`, {});
}
