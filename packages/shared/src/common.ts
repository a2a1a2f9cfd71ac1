import { z } from 'zod';
import { PAGE_SIZE_DEFAULT, PAGE_SIZE_MAX } from './limits.js';

/** Ids are positive integers (serial keys); paths carry them as text. */
export const idSchema = z.coerce.number().int().positive();
export const idParamsSchema = z.object({ id: idSchema });

/** Query for a zero-based page (Spring style): page, size, sort=field,dir. */
export const pageQuerySchema = z.object({
  page: z.coerce.number().int().min(0).default(0),
  size: z.coerce.number().int().min(1).max(PAGE_SIZE_MAX).default(PAGE_SIZE_DEFAULT),
  sort: z.string().max(100).optional(),
});
export type PageQuery = z.infer<typeof pageQuerySchema>;

/** A server page (SPEC §3 "Server pages"): content, number, totalPages, totalElements, size. */
export function pageOf<T extends z.ZodType>(item: T) {
  return z.object({
    content: z.array(item),
    number: z.number().int(),
    size: z.number().int(),
    totalElements: z.number().int(),
    totalPages: z.number().int(),
    first: z.boolean(),
    last: z.boolean(),
  });
}
export interface Page<T> {
  content: T[];
  number: number;
  size: number;
  totalElements: number;
  totalPages: number;
  first: boolean;
  last: boolean;
}

export function makePage<T>(content: T[], page: number, size: number, total: number): Page<T> {
  const totalPages = Math.ceil(total / size);
  return {
    content,
    number: page,
    size,
    totalElements: total,
    totalPages,
    first: page === 0,
    last: page >= totalPages - 1,
  };
}

/** Query booleans arrive as text: 'true'/'false' (and 1/0). */
export const queryBoolean = z
  .union([z.boolean(), z.enum(['true', 'false', '1', '0'])])
  .transform((v) => v === true || v === 'true' || v === '1');

export const isoDateTime = z.string();

/** A count: GET /messages/count/unread, /notifications/unread-count. */
export const countResponseSchema = z.object({ count: z.number().int().min(0) });
export type CountResponse = z.infer<typeof countResponseSchema>;

/** How many of the given items were the user's and changed: bulk, mark-all and cleanup calls. */
export const affectedResponseSchema = z.object({ affected: z.number().int().min(0) });
export type AffectedResponse = z.infer<typeof affectedResponseSchema>;
