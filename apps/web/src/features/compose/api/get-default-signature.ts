import type { Page } from '@postline/shared/common';
import type { Signature } from '@postline/shared/signatures';
import { api } from '@/lib/api-client';

/**
 * The default signature, or null when there is none. Asked as GET /signatures?isDefault=true
 * rather than GET /signatures/default, whose 404 for a new user would be a failed request in the
 * browser console every time compose opens.
 */
export async function fetchDefaultSignature(): Promise<Signature | null> {
  const page = await api.get<Page<Signature>>('/signatures', {
    params: { isDefault: true, page: 0, size: 1 },
  });
  return page.content[0] ?? null;
}
