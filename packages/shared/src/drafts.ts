import { z } from 'zod';
import { MESSAGE_SUBJECT_MAX, SIGNATURE_HTML_MAX } from './limits.js';
import { messageSchema } from './messages.js';
import { bodyIdSchema } from './request-fields.js';
import { messageKey } from './validation-messages.js';

/**
 * What a draft is written as (issue 34): a new mail, a reply, a reply to all or a forward of one
 * message, and the signature it holds. Kept with the draft so that a draft continued later (after a
 * reload, on another device, in the full composer) is still sent as a reply, and choosing another
 * signature replaces the one in the body instead of adding a second.
 */
export const DRAFT_KINDS = ['NEW', 'REPLY', 'REPLY_ALL', 'FORWARD'] as const;
export const draftKindSchema = z.enum(DRAFT_KINDS, { error: messageKey('invalidValue') });
export type DraftKind = z.infer<typeof draftKindSchema>;

export const draftContextSchema = z.object({
  kind: draftKindSchema,
  /** The message answered or forwarded; null for a new mail, or once that message is gone for good. */
  originalMessageId: z.number().int().nullable(),
  /** The signature in the body, null when none (or once that signature was deleted). */
  signatureId: z.number().int().nullable(),
  /** The signature's text exactly as it was put into the body: what a new choice replaces. */
  signatureText: z.string().nullable(),
});
export type DraftContext = z.infer<typeof draftContextSchema>;

/** The context sent with POST /messages/drafts and PUT /messages/drafts/{id}. */
export const draftContextRequestSchema = z
  .object({
    kind: draftKindSchema.default('NEW'),
    originalMessageId: bodyIdSchema.nullable().default(null),
    signatureId: bodyIdSchema.nullable().default(null),
    signatureText: z
      .string()
      .max(SIGNATURE_HTML_MAX, messageKey('tooLong', SIGNATURE_HTML_MAX))
      .nullable()
      .default(null),
  })
  .superRefine((value, ctx) => {
    if ((value.kind === 'NEW') !== (value.originalMessageId === null)) {
      ctx.addIssue({ code: 'custom', path: ['originalMessageId'], message: messageKey('invalidValue') });
    }
  });
export type DraftContextRequest = z.infer<typeof draftContextRequestSchema>;
export type DraftContextInput = z.input<typeof draftContextRequestSchema>;

/** A draft's recipients as written: `Name <address>` where a name was given (issue 34). */
export const draftRecipientsSchema = z.object({
  to: z.array(z.string()),
  cc: z.array(z.string()),
  bcc: z.array(z.string()),
});
export type DraftRecipients = z.infer<typeof draftRecipientsSchema>;

/**
 * GET /messages/drafts/{id}: the draft with its context (a draft saved before issue 34: NEW, none)
 * and its recipients with their names, which the message's address lists leave out.
 */
export const draftSchema = z.object({
  message: messageSchema,
  context: draftContextSchema,
  recipients: draftRecipientsSchema,
});
export type Draft = z.infer<typeof draftSchema>;

/** GET /messages/{id}/drafts: the user's drafts answering or forwarding that message, newest first. */
export const draftSummarySchema = z.object({
  id: z.number().int(),
  kind: draftKindSchema,
  subject: z.string().max(MESSAGE_SUBJECT_MAX),
  updatedAt: z.string(),
});
export type DraftSummary = z.infer<typeof draftSummarySchema>;
