import type { Signature } from '@postline/shared/signatures';
import { api } from '@/lib/api-client';

/** PATCH /signatures/{id}/default: this one becomes the only default. */
export function setDefaultSignature(id: number): Promise<Signature> {
  return api.patch<Signature>(`/signatures/${id}/default`);
}
