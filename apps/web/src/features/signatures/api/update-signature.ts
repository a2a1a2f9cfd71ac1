import type { Signature, SignatureRequest } from '@postline/shared/signatures';
import { api } from '@/lib/api-client';

export type SignatureFormFields = Pick<
  SignatureRequest,
  'name' | 'content' | 'signatureType' | 'includeImage' | 'imageUrl'
>;

/**
 * PUT /signatures/{id} with the form's fields only: the server changes isDefault and isActive
 * only when they are sent, so editing the default signature keeps it the default.
 */
export function updateSignature(id: number, fields: SignatureFormFields): Promise<Signature> {
  const { name, content, signatureType, includeImage, imageUrl } = fields;
  return api.put<Signature>(`/signatures/${id}`, { name, content, signatureType, includeImage, imageUrl });
}
