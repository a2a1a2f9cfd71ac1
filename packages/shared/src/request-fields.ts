import { z } from 'zod';
import { idSchema, queryBoolean } from './common.js';
import {
  BULK_IDS_MAX,
  EMAIL_ADDRESS_MAX,
  EMAIL_PATTERN,
  MESSAGE_RECIPIENTS_MAX,
  TEMPLATE_VARIABLE_VALUE_MAX,
} from './limits.js';
import { isValidRecipient, RECIPIENT_NAME_MAX } from './recipients.js';
import { messageKey, type PlainMessageKey } from './validation-messages.js';

/** Field builders shared by the request schemas, so every area reports the same message keys. */

/** An id inside a JSON body (paths and queries use idSchema of common.ts, which coerces text). */
export const bodyIdSchema = z
  .number({ error: messageKey('invalidId') })
  .int(messageKey('invalidId'))
  .positive(messageKey('invalidId'));

/** Ids of a bulk request: at least one, at most BULK_IDS_MAX, duplicates dropped. */
export const bulkIdsSchema = z
  .array(bodyIdSchema, { error: messageKey('idsRequired') })
  .min(1, messageKey('idsRequired'))
  .max(BULK_IDS_MAX, messageKey('tooManyItems', BULK_IDS_MAX))
  .transform((ids) => [...new Set(ids)]);

/** Trimmed text that must not be blank, with the key to show when it is. */
export function requiredText(max: number, requiredKey: PlainMessageKey) {
  return z
    .string({ error: messageKey(requiredKey) })
    .trim()
    .min(1, messageKey(requiredKey))
    .max(max, messageKey('tooLong', max));
}

/** Optional free text: trimmed, and blank counts as absent. */
export function optionalText(max: number) {
  return z
    .string({ error: messageKey('invalidValue') })
    .trim()
    .max(max, messageKey('tooLong', max))
    .optional()
    .transform((value) => (value ? value : undefined));
}

/** A recipient address (SPEC §5): non-space text, @, text, dot, text. */
export const emailAddressSchema = z
  .string({ error: messageKey('invalidEmail') })
  .trim()
  .max(EMAIL_ADDRESS_MAX, messageKey('invalidEmail'))
  .regex(EMAIL_PATTERN, messageKey('invalidEmail'));

export function isValidEmailAddress(value: string): boolean {
  return emailAddressSchema.safeParse(value).success;
}

/** The longest `"Name" <address>` a recipient may be written as. */
const RECIPIENT_TEXT_MAX = RECIPIENT_NAME_MAX + EMAIL_ADDRESS_MAX + 8;

/**
 * A recipient of a message (issue 34): an address of SPEC §5's pattern, or `Name <address>` whose
 * name goes with the mail (recipients.ts reads it).
 */
export const recipientSchema = z
  .string({ error: messageKey('invalidEmail') })
  .trim()
  .max(RECIPIENT_TEXT_MAX, messageKey('invalidEmail'))
  .refine(isValidRecipient, messageKey('invalidEmail'));

/** An optional recipient list (cc, bcc): absent means none. */
export const optionalRecipientsSchema = z
  .array(recipientSchema, { error: messageKey('invalidEmail') })
  .max(MESSAGE_RECIPIENTS_MAX, messageKey('tooManyRecipients', MESSAGE_RECIPIENTS_MAX))
  .default([]);

/** A recipient list that needs at least one address (send: to; forward: to). */
export const requiredRecipientsSchema = z
  .array(recipientSchema, { error: messageKey('toRequired') })
  .min(1, messageKey('toRequired'))
  .max(MESSAGE_RECIPIENTS_MAX, messageKey('tooManyRecipients', MESSAGE_RECIPIENTS_MAX));

/** Enum values in a query may arrive in any case ('inbox' from a route); blank means absent. */
export function queryEnum<const T extends readonly [string, ...string[]]>(values: T) {
  return z.preprocess(
    (value) => {
      if (typeof value !== 'string') return value;
      const trimmed = value.trim();
      return trimmed === '' ? undefined : trimmed.toUpperCase();
    },
    z.enum(values, { error: messageKey('invalidValue') }).optional(),
  );
}

/** Optional query text: trimmed, blank counts as absent. */
export function queryText(max: number) {
  return z.preprocess(
    (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
    z.string().trim().max(max, messageKey('tooLong', max)).optional(),
  );
}

/** An optional id in a query: blank counts as absent rather than as 0. */
export const queryIdSchema = z.preprocess(
  (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
  idSchema.optional(),
);

/** A required id in a query; missing, blank and non-numeric all report invalidId. */
export const requiredQueryIdSchema = z.preprocess(
  (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
  z.coerce
    .number({ error: messageKey('invalidId') })
    .int(messageKey('invalidId'))
    .positive(messageKey('invalidId')),
);

/** PATCH .../active?isActive (templates, signatures). */
export const activeQuerySchema = z.object({ isActive: queryBoolean });

/** Values for {{variables}} by name (templates and signatures); at most 100 names. */
export const variableValuesSchema = z
  .record(
    z.string(),
    z.string().max(TEMPLATE_VARIABLE_VALUE_MAX, messageKey('tooLong', TEMPLATE_VARIABLE_VALUE_MAX)),
  )
  .refine((values) => Object.keys(values).length <= 100, messageKey('tooManyItems', 100))
  .default({});
