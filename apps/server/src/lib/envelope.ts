import type { Envelope } from '@postline/shared/envelope';

/** Wraps a route's result in the success envelope of SPEC §7. */
export function ok<T>(data: T, message: string | null = null): Envelope<T> {
  return { success: true, data, message };
}
