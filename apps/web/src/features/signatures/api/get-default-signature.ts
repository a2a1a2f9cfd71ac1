import type { Signature } from '@postline/shared/signatures';
import { api } from '@/lib/api-client';
import { ApiError } from '@/lib/api-error';

/** GET /signatures/default: null when there is none (the server answers 404). */
export async function fetchDefaultSignature(): Promise<Signature | null> {
  try {
    return await api.get<Signature>('/signatures/default');
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}
