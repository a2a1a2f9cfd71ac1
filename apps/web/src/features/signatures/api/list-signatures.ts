import type { Page } from '@postline/shared/common';
import { PAGE_SIZE_MAX } from '@postline/shared/limits';
import type { Signature } from '@postline/shared/signatures';
import { api } from '@/lib/api-client';

/**
 * GET /signatures: one full page. People keep a handful of signatures, so the tabs filter this
 * list in the browser and a new or duplicated one can simply be put first.
 */
export function fetchSignatures(): Promise<Page<Signature>> {
  return api.get<Page<Signature>>('/signatures', { params: { page: 0, size: PAGE_SIZE_MAX } });
}
