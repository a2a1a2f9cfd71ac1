import { z } from 'zod';
import {
  bodyIdSchema,
  emailAddressSchema,
  optionalText,
  queryIdSchema,
  queryText,
  requiredText,
} from './request-fields.js';
import { pageOf, pageQuerySchema } from './common.js';
import { messageKey } from './validation-messages.js';

/*
 * Contacts, contact groups and recipient autocomplete (issue 36): the address book a person keeps,
 * imported from and exported to vCard (RFC 6350) and CSV (Gmail's and Outlook's columns), and the
 * suggestions recipient fields show as the person types.
 */

export const CONTACT_NAME_MAX = 200;
export const CONTACT_ADDRESSES_MAX = 10;
export const CONTACT_PHONE_MAX = 50;
export const CONTACT_COMPANY_MAX = 200;
export const CONTACT_NOTE_MAX = 2000;
export const CONTACT_GROUP_NAME_MAX = 100;
/** Contacts one person may keep; a group holds at most as many members. */
export const CONTACTS_MAX = 10_000;
export const CONTACT_GROUP_MEMBERS_MAX = 1000;
export const CONTACT_GROUPS_MAX = 200;
/** An import: at most this many characters of file (about 1 MiB of text)... */
export const CONTACT_IMPORT_CHARS_MAX = 1_048_576;
/** ...and at most this many contacts in it. */
export const CONTACT_IMPORT_COUNT_MAX = 2000;
export const CONTACT_SUGGEST_QUERY_MAX = 100;
export const CONTACT_SUGGEST_LIMIT_DEFAULT = 8;
export const CONTACT_SUGGEST_LIMIT_MAX = 20;

export const CONTACT_FILE_FORMATS = ['vcard', 'csv'] as const;
export type ContactFileFormat = (typeof CONTACT_FILE_FORMATS)[number];

/** A contact as the API shows it. The first address is the one a group sends to. */
export const contactSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  addresses: z.array(z.string()),
  phone: z.string().nullable(),
  company: z.string().nullable(),
  note: z.string().nullable(),
  groupIds: z.array(z.number().int()),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Contact = z.infer<typeof contactSchema>;
export const contactPageSchema = pageOf(contactSchema);

/** POST /contacts and PUT /contacts/{id}. */
export const contactRequestSchema = z.object({
  name: requiredText(CONTACT_NAME_MAX, 'required'),
  addresses: z
    .array(emailAddressSchema, { error: messageKey('invalidEmail') })
    .min(1, messageKey('invalidEmail'))
    .max(CONTACT_ADDRESSES_MAX, messageKey('tooManyItems', CONTACT_ADDRESSES_MAX)),
  phone: optionalText(CONTACT_PHONE_MAX),
  company: optionalText(CONTACT_COMPANY_MAX),
  note: optionalText(CONTACT_NOTE_MAX),
});
export type ContactRequest = z.input<typeof contactRequestSchema>;

/** GET /contacts: a page, by name; q matches name, address, company or Korean initials. */
export const contactListQuerySchema = pageQuerySchema.extend({
  q: queryText(CONTACT_SUGGEST_QUERY_MAX),
  groupId: queryIdSchema,
});
export type ContactListQuery = z.input<typeof contactListQuerySchema>;

export const contactGroupSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  memberIds: z.array(z.number().int()),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ContactGroup = z.infer<typeof contactGroupSchema>;
export const contactGroupPageSchema = pageOf(contactGroupSchema);

/** POST /contact-groups and PUT /contact-groups/{id}: the members are the user's contacts' ids. */
export const contactGroupRequestSchema = z.object({
  name: requiredText(CONTACT_GROUP_NAME_MAX, 'required'),
  memberIds: z
    .array(bodyIdSchema, { error: messageKey('invalidId') })
    .max(CONTACT_GROUP_MEMBERS_MAX, messageKey('tooManyItems', CONTACT_GROUP_MEMBERS_MAX))
    .default([])
    .transform((ids) => [...new Set(ids)]),
});
export type ContactGroupRequest = z.input<typeof contactGroupRequestSchema>;

export const contactGroupListQuerySchema = pageQuerySchema.extend({
  q: queryText(CONTACT_SUGGEST_QUERY_MAX),
});

const formatSchema = z.enum(CONTACT_FILE_FORMATS, { error: messageKey('invalidValue') });

/** POST /contacts/import: the file's text as read by the browser. */
export const contactImportRequestSchema = z.object({
  format: formatSchema,
  content: z.string({ error: messageKey('required') }).min(1, messageKey('required')),
});
export type ContactImportRequest = z.infer<typeof contactImportRequestSchema>;

/** What an import did: contacts made, entries skipped (no address, or an address already kept). */
export const contactImportResultSchema = z.object({
  imported: z.number().int().min(0),
  skipped: z.number().int().min(0),
});
export type ContactImportResult = z.infer<typeof contactImportResultSchema>;

/** GET /contacts/export?format=: the file to save. */
export const contactExportQuerySchema = z.object({ format: formatSchema.default('vcard') });
export const contactExportSchema = z.object({
  fileName: z.string(),
  mediaType: z.string(),
  content: z.string(),
});
export type ContactExport = z.infer<typeof contactExportSchema>;

/** GET /contacts/suggest?q=: contacts, groups and people written to or heard from. */
export const contactSuggestQuerySchema = z.object({
  q: z
    .string({ error: messageKey('required') })
    .trim()
    .min(1, messageKey('required'))
    .max(CONTACT_SUGGEST_QUERY_MAX, messageKey('tooLong', CONTACT_SUGGEST_QUERY_MAX)),
  limit: z.coerce
    .number({ error: messageKey('invalidValue') })
    .int(messageKey('invalidValue'))
    .min(1, messageKey('invalidValue'))
    .max(CONTACT_SUGGEST_LIMIT_MAX, messageKey('invalidValue'))
    .default(CONTACT_SUGGEST_LIMIT_DEFAULT),
});

export const CONTACT_SUGGESTION_KINDS = ['contact', 'recent', 'group'] as const;
export type ContactSuggestionKind = (typeof CONTACT_SUGGESTION_KINDS)[number];

export const suggestedAddressSchema = z.object({ name: z.string().nullable(), address: z.string() });
export type SuggestedAddress = z.infer<typeof suggestedAddressSchema>;

/**
 * One suggestion. A contact or a recent correspondent is one address; a group is its members'
 * first addresses (`members`), which a recipient field adds all at once.
 */
export const contactSuggestionSchema = z.object({
  kind: z.enum(CONTACT_SUGGESTION_KINDS),
  name: z.string().nullable(),
  address: z.string().nullable(),
  contactId: z.number().int().nullable(),
  groupId: z.number().int().nullable(),
  members: z.array(suggestedAddressSchema),
});
export type ContactSuggestion = z.infer<typeof contactSuggestionSchema>;
export const contactSuggestionsSchema = z.object({ items: z.array(contactSuggestionSchema) });
export type ContactSuggestions = z.infer<typeof contactSuggestionsSchema>;
