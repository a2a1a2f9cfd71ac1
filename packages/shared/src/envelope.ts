import { z } from 'zod';
import { ERROR_CODES } from './errors.js';

/** Every API answer is wrapped: {success, data, message} (SPEC §7). */
export function envelopeOf<T extends z.ZodType>(data: T) {
  return z.object({ success: z.literal(true), data, message: z.string().nullable().optional() });
}

/** An error answer: {success: false, message, code} (SPEC §8, DESIGN.md 10). */
export const errorEnvelopeSchema = z.object({
  success: z.literal(false),
  message: z.string(),
  code: z.enum(ERROR_CODES),
  /** Field-level problems of a validation error: path and a message in the request's language. */
  errors: z.array(z.object({ field: z.string(), message: z.string() })).optional(),
});
export type ErrorEnvelope = z.infer<typeof errorEnvelopeSchema>;

export interface Envelope<T> {
  success: true;
  data: T;
  message?: string | null;
}
