import { z } from 'zod';
import { messageKey } from './validation-messages.js';

/*
 * The away reply (vacation responder, issue 37): while it is on, and between its first and last
 * day in the person's time zone, mail from a person gets one answer per AWAY_REPLY_INTERVAL days,
 * following RFC 3834 (never to lists, bulk or automatic mail, no-reply senders or oneself). GET and
 * PUT /away-reply; Sieve export and import carry it as the vacation extension (RFC 5230).
 */

export const AWAY_REPLY_INTERVAL_DAYS = { MIN: 1, MAX: 30, DEFAULT: 4 } as const;
export const AWAY_REPLY_SUBJECT_MAX = 200;
export const AWAY_REPLY_BODY_MAX = 10_000;

const day = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, { message: messageKey('awayDay') })
  .refine((value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)), { message: messageKey('awayDay') });

/** GET and PUT /away-reply: the away reply as it is (off, with empty texts, until first saved). */
export const awayReplySchema = z.object({
  enabled: z.boolean(),
  /** The first and last day it answers, in timeZone (YYYY-MM-DD); null: from now, or with no end. */
  firstDay: z.string().nullable(),
  lastDay: z.string().nullable(),
  /** The IANA zone its days are in: the browser's when it was saved. */
  timeZone: z.string(),
  subject: z.string(),
  /** Plain text; the default signature follows it when includeSignature is on. */
  body: z.string(),
  includeSignature: z.boolean(),
  /** Only people in the person's contacts get it. */
  contactsOnly: z.boolean(),
  /** Days before the same sender is answered again. */
  intervalDays: z.number().int(),
});
export type AwayReply = z.infer<typeof awayReplySchema>;

/** PUT /away-reply: the whole away reply; an empty subject on an enabled one is refused. */
export const awayReplyRequestSchema = z
  .object({
    enabled: z.boolean({ error: messageKey('invalidValue') }),
    firstDay: day.nullable(),
    lastDay: day.nullable(),
    timeZone: z.string().max(64).optional(),
    subject: z
      .string()
      .trim()
      .max(AWAY_REPLY_SUBJECT_MAX, { message: messageKey('tooLong', AWAY_REPLY_SUBJECT_MAX) }),
    body: z.string().max(AWAY_REPLY_BODY_MAX, { message: messageKey('tooLong', AWAY_REPLY_BODY_MAX) }),
    includeSignature: z.boolean().default(true),
    contactsOnly: z.boolean().default(false),
    intervalDays: z
      .number({ error: messageKey('awayInterval') })
      .int({ error: messageKey('awayInterval') })
      .min(AWAY_REPLY_INTERVAL_DAYS.MIN, { message: messageKey('awayInterval') })
      .max(AWAY_REPLY_INTERVAL_DAYS.MAX, { message: messageKey('awayInterval') })
      .default(AWAY_REPLY_INTERVAL_DAYS.DEFAULT),
  })
  .superRefine((value, context) => {
    if (value.firstDay && value.lastDay && value.lastDay < value.firstDay) {
      context.addIssue({ code: 'custom', path: ['lastDay'], message: messageKey('awayDates') });
    }
    if (value.enabled && !value.subject) {
      context.addIssue({ code: 'custom', path: ['subject'], message: messageKey('subjectRequired') });
    }
    if (value.enabled && !value.body.trim()) {
      context.addIssue({ code: 'custom', path: ['body'], message: messageKey('bodyRequired') });
    }
  });
export type AwayReplyRequest = z.input<typeof awayReplyRequestSchema>;
