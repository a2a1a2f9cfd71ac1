import type { Signature, SignatureRequest } from '@postline/shared/signatures';
import { api } from '@/lib/api-client';

/** POST /signatures: the server sanitises the HTML before it stores it. */
export function createSignature(request: SignatureRequest): Promise<Signature> {
  return api.post<Signature>('/signatures', request);
}
