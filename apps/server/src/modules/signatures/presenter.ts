import type { Language } from '@postline/shared/errors';
import { SIGNATURE_TYPE_DESCRIPTIONS, type Signature } from '@postline/shared/signatures';
import type { SignatureRow } from './repository.js';

export function presentSignature(row: SignatureRow, lang: Language): Signature {
  return {
    id: row.id,
    name: row.name,
    content: row.content,
    isDefault: row.isDefault,
    isActive: row.isActive,
    signatureType: row.signatureType,
    signatureTypeDescription: SIGNATURE_TYPE_DESCRIPTIONS[row.signatureType][lang],
    includeImage: row.includeImage,
    imageUrl: row.imageUrl,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
