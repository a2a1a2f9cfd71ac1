import type { Page } from '@postline/shared/common';
import { PAGE_SIZE_MAX } from '@postline/shared/limits';
import type { Signature } from '@postline/shared/signatures';
import { api } from '@/lib/api-client';

/** GET /signatures?isActive=true: the signatures the picker offers. */
export function fetchActiveSignatures(): Promise<Page<Signature>> {
  return api.get<Page<Signature>>('/signatures', {
    params: { isActive: true, page: 0, size: PAGE_SIZE_MAX },
  });
}
