import { z } from 'zod';
import { pageQuerySchema, queryBoolean } from './common.js';
import { EMAIL_ADDRESS_MAX, SEARCH_CONDITIONS_MAX, SEARCH_KEYWORD_MAX, SEARCH_QUERY_MAX } from './limits.js';
import { countSearchConditions, parseSearchQuery } from './search-syntax.js';
import { MAILBOX_TYPES } from './mailbox.js';
import { queryEnum, queryIdSchema, queryText } from './request-fields.js';
import { messageKey } from './validation-messages.js';
import { tryParseMessageSort } from './message-sort.js';

/** Queries of GET /messages, /messages/unread|starred|attachments and /messages/search. */

// The sort helpers are zod-free for the web app (issue 17); this module re-exports them.
export * from './message-sort.js';

export const messageSortQuerySchema = z
  .preprocess((value) => (Array.isArray(value) ? value[0] : value), z.string().max(100).optional())
  .transform((value, ctx) => {
    const sort = tryParseMessageSort(value);
    if (sort) return sort;
    ctx.addIssue({ code: 'custom', message: messageKey('invalidSort') });
    return z.NEVER;
  });

/**
 * `cursor`: an opaque nextCursor or prevCursor of the previous answer (issue 14). With it the page
 * is found by sort key and id, as fast at the end of a folder as at the start; `page` still names
 * the page it leads to. A cursor is bound to its sort: used with another, it is refused.
 */
export const MESSAGE_CURSOR_MAX = 1000;
export const messageCursorQuerySchema = z.string().min(1).max(MESSAGE_CURSOR_MAX).optional();

/**
 * GET /messages: one folder by mailboxId or mailboxType ('inbox' works too; mailboxId wins when
 * both are given), else the server's default. A boolean filter keeps only messages with that
 * value (isRead=false: unread only); absent means no filter. Filters combine with AND.
 */
export const messageListQuerySchema = pageQuerySchema.extend({
  mailboxId: queryIdSchema,
  mailboxType: queryEnum(MAILBOX_TYPES),
  sort: messageSortQuerySchema,
  cursor: messageCursorQuerySchema,
  isRead: queryBoolean.optional(),
  isStarred: queryBoolean.optional(),
  hasAttachments: queryBoolean.optional(),
});
export type MessageListQuery = z.infer<typeof messageListQuerySchema>;
export type MessageListQueryInput = z.input<typeof messageListQuerySchema>;

const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;
const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})?$/i;
const DAY_MS = 24 * 60 * 60 * 1000;

export function isDateOnly(value: string): boolean {
  return DATE_ONLY.test(value);
}

/** YYYY-MM-DD (a date input) or an ISO date-time, and a day that exists (no 2024-02-30). */
export function isSearchDate(value: string): boolean {
  const match = DATE_ONLY.exec(value) ?? DATE_TIME.exec(value);
  if (!match || Number.isNaN(Date.parse(value))) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

const searchDateSchema = z.preprocess(
  (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
  z.string().trim().refine(isSearchDate, messageKey('invalidDate')).optional(),
);

/**
 * GET /messages/search (DESIGN.md 2). A bare endDate includes that whole day. The booleans keep
 * only matching mail when true or false; a form should leave an unticked box out.
 */
export const messageSearchQuerySchema = pageQuerySchema
  .extend({
    /** The search box as typed, in Gmail's syntax (search-syntax.ts); the fields below narrow it. */
    q: queryText(SEARCH_QUERY_MAX),
    keyword: queryText(SEARCH_KEYWORD_MAX),
    startDate: searchDateSchema,
    endDate: searchDateSchema,
    from: queryText(EMAIL_ADDRESS_MAX),
    to: queryText(EMAIL_ADDRESS_MAX),
    hasAttachment: queryBoolean.optional(),
    isUnread: queryBoolean.optional(),
    isStarred: queryBoolean.optional(),
    mailboxType: queryEnum(MAILBOX_TYPES),
    sort: messageSortQuerySchema,
    cursor: messageCursorQuerySchema,
  })
  .superRefine((query, ctx) => {
    const parsed = query.q ? parseSearchQuery(query.q) : null;
    if (parsed && !parsed.ok) {
      ctx.addIssue({
        code: 'custom',
        path: ['q'],
        message: messageKey(parsed.error.key, parsed.error.value),
      });
    } else if (parsed && countSearchConditions(parsed.node) > SEARCH_CONDITIONS_MAX) {
      ctx.addIssue({
        code: 'custom',
        path: ['q'],
        message: messageKey('searchTooManyConditions', String(SEARCH_CONDITIONS_MAX)),
      });
    }
    if (!query.startDate || !query.endDate) return;
    const start = Date.parse(query.startDate);
    const end = Date.parse(query.endDate) + (isDateOnly(query.endDate) ? DAY_MS - 1 : 0);
    if (start > end) {
      ctx.addIssue({ code: 'custom', path: ['endDate'], message: messageKey('invalidDateRange') });
    }
  });
export type MessageSearchQuery = z.infer<typeof messageSearchQuerySchema>;
export type MessageSearchQueryInput = z.input<typeof messageSearchQuerySchema>;
