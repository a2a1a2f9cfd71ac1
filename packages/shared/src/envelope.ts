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

/**
 * A file answered as it is (a download, an export), documented per content type. Fastify serialises
 * only object payloads; these routes send a string, Buffer or stream, or an object with a serializer
 * of their own, so the schema describes the file for OpenAPI and converts nothing.
 */
export function fileAnswerOf<T extends z.ZodType>(
  description: string,
  contentTypes: readonly string[],
  schema: T,
) {
  return { description, content: Object.fromEntries(contentTypes.map((type) => [type, { schema }])) };
}

/** The bytes of a file of any type, as OpenAPI names them; the route sends a Buffer or a stream. */
export const binaryFileSchema = z.unknown().meta({ type: 'string', format: 'binary' });

export interface Envelope<T> {
  success: true;
  data: T;
  message?: string | null;
}
