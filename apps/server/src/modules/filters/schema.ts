import { z } from 'zod';

/** Requests of this area that only the server reads; the answers are in @postline/shared/filter-answers. */

export const messageIdParamsSchema = z.object({ messageId: z.coerce.number().int().positive() });

/** The import bodies of Sieve and Gmail: the raw text, or JSON carrying it. */
export const sieveImportJsonSchema = z.object({ script: z.string() });
export const gmailImportJsonSchema = z.object({ xml: z.string() });
