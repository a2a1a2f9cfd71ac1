import { z } from 'zod';
import { queryBoolean } from './common.js';
import { draftContextRequestSchema } from './drafts.js';
import { htmlToPlainText } from './html-text.js';
import {
  COMPOSE_MAX_FILES,
  DEFAULT_IMPORTANCE,
  DEFAULT_PRIORITY,
  MESSAGE_BODY_MAX,
  MESSAGE_BULK_IDS_MAX,
  MESSAGE_LABEL_MAX,
  MESSAGE_LABELS_MAX,
  MESSAGE_PRIORITY_MAX,
  MESSAGE_PRIORITY_MIN,
  MESSAGE_RECIPIENTS_MAX,
  MESSAGE_SUBJECT_MAX,
} from './limits.js';
import { bulkConversationsSchema } from './conversations.js';
import { importanceSchema } from './messages.js';
import {
  bodyIdSchema,
  optionalRecipientsSchema,
  recipientSchema,
  requiredQueryIdSchema,
  requiredRecipientsSchema,
  requiredText,
} from './request-fields.js';
import { messageKey } from './validation-messages.js';

/** Request bodies of POST /messages, /messages/drafts, /reply, /reply-all, /forward (SPEC §3, §5). */

const prioritySchema = z
  .number({ error: messageKey('invalidPriority') })
  .int(messageKey('invalidPriority'))
  .min(MESSAGE_PRIORITY_MIN, messageKey('invalidPriority'))
  .max(MESSAGE_PRIORITY_MAX, messageKey('invalidPriority'))
  .default(DEFAULT_PRIORITY);

const labelsSchema = z
  .array(
    z
      .string()
      .trim()
      .min(1, messageKey('required'))
      .max(MESSAGE_LABEL_MAX, messageKey('tooLong', MESSAGE_LABEL_MAX)),
  )
  .max(MESSAGE_LABELS_MAX, messageKey('tooManyItems', MESSAGE_LABELS_MAX))
  .default([]);

const attachmentIdsSchema = z
  .array(bodyIdSchema)
  .max(COMPOSE_MAX_FILES, messageKey('maxFilesExceeded', COMPOSE_MAX_FILES))
  .default([]);

const bodyTextSchema = z
  .string({ error: messageKey('bodyRequired') })
  .max(MESSAGE_BODY_MAX, messageKey('tooLong', MESSAGE_BODY_MAX));

const bodyHtmlSchema = z
  .string()
  .max(MESSAGE_BODY_MAX, messageKey('tooLong', MESSAGE_BODY_MAX))
  .nullable()
  .optional();

/** Body text is kept as typed (indentation matters); only the blank check trims it. */
function hasBody(bodyText: string, bodyHtml: string | null | undefined): boolean {
  if (bodyText.trim() !== '') return true;
  return bodyHtml != null && htmlToPlainText(bodyHtml) !== '';
}

const messageFields = {
  ccAddresses: optionalRecipientsSchema,
  bccAddresses: optionalRecipientsSchema,
  bodyText: bodyTextSchema.default(''),
  bodyHtml: bodyHtmlSchema,
  priority: prioritySchema,
  importance: importanceSchema.default(DEFAULT_IMPORTANCE),
  labels: labelsSchema,
  attachmentIds: attachmentIdsSchema,
};

/**
 * POST /messages. Send rules (SPEC §5): at least one to (toRequired), a subject that is not blank
 * (subjectRequired), a body that is not blank (bodyRequired; an HTML body counts by its text).
 * draftId sends a saved draft, which then leaves DRAFTS.
 */
export const sendMessageRequestSchema = z
  .object({
    ...messageFields,
    toAddresses: requiredRecipientsSchema,
    subject: requiredText(MESSAGE_SUBJECT_MAX, 'subjectRequired'),
    draftId: bodyIdSchema.optional(),
  })
  .superRefine((value, ctx) => {
    if (!hasBody(value.bodyText, value.bodyHtml)) {
      ctx.addIssue({ code: 'custom', path: ['bodyText'], message: messageKey('bodyRequired') });
    }
  });
export type SendMessageRequest = z.infer<typeof sendMessageRequestSchema>;
export type SendMessageInput = z.input<typeof sendMessageRequestSchema>;

/**
 * POST /messages/drafts: only a subject is required (draftSubjectRequired). draftId (or id)
 * updates that draft instead of making a new one; the output carries it as draftId only.
 */
export const saveDraftRequestSchema = z
  .object({
    ...messageFields,
    toAddresses: optionalRecipientsSchema,
    subject: requiredText(MESSAGE_SUBJECT_MAX, 'draftSubjectRequired'),
    draftId: bodyIdSchema.optional(),
    id: bodyIdSchema.optional(),
    /** What the draft is written as (drafts.ts); left out, an update keeps the one it had. */
    context: draftContextRequestSchema.optional(),
  })
  .transform(({ id, ...rest }) => ({ ...rest, draftId: rest.draftId ?? id }));
export type SaveDraftRequest = z.infer<typeof saveDraftRequestSchema>;
export type SaveDraftInput = z.input<typeof saveDraftRequestSchema>;

/**
 * POST /messages/reply and /messages/reply-all: subject and body required (SPEC §5). To and Cc
 * default to the reply rule (reply-rules.ts); the dialog sends them when the user changed them.
 */
export const replyRequestSchema = z.object({
  originalMessageId: bodyIdSchema,
  toAddresses: requiredRecipientsSchema.optional(),
  ccAddresses: z
    .array(recipientSchema, { error: messageKey('invalidEmail') })
    .max(MESSAGE_RECIPIENTS_MAX, messageKey('tooManyRecipients', MESSAGE_RECIPIENTS_MAX))
    .optional(),
  bccAddresses: optionalRecipientsSchema,
  subject: requiredText(MESSAGE_SUBJECT_MAX, 'subjectRequired'),
  bodyText: bodyTextSchema.refine((text) => text.trim() !== '', messageKey('bodyRequired')),
  bodyHtml: bodyHtmlSchema,
  priority: prioritySchema,
  importance: importanceSchema.default(DEFAULT_IMPORTANCE),
  labels: labelsSchema,
  attachmentIds: attachmentIdsSchema,
  /** The draft this reply was written in: it leaves Drafts as the reply is sent. */
  draftId: bodyIdSchema.optional(),
});
export type ReplyRequest = z.infer<typeof replyRequestSchema>;
export type ReplyInput = z.input<typeof replyRequestSchema>;

/** POST /messages/forward: at least one to and a subject; the note above the original is optional. */
export const forwardRequestSchema = z.object({
  originalMessageId: bodyIdSchema,
  toAddresses: requiredRecipientsSchema,
  ccAddresses: optionalRecipientsSchema,
  bccAddresses: optionalRecipientsSchema,
  subject: requiredText(MESSAGE_SUBJECT_MAX, 'subjectRequired'),
  bodyText: bodyTextSchema.default(''),
  /** Further files uploaded for the forward, on top of the original's. */
  attachmentIds: attachmentIdsSchema,
  includeOriginalAttachments: z.boolean().default(true),
  /** The draft this forward was written in: it leaves Drafts as the forward is sent. */
  draftId: bodyIdSchema.optional(),
});
export type ForwardRequest = z.infer<typeof forwardRequestSchema>;
export type ForwardInput = z.input<typeof forwardRequestSchema>;

/** PATCH /messages/{id}/read?isRead (absent means true). */
export const markReadQuerySchema = z.object({ isRead: queryBoolean.default(true) });
/** PATCH /messages/{id}/star?isStarred (absent means true). */
export const starQuerySchema = z.object({ isStarred: queryBoolean.default(true) });
/** PATCH /messages/{id}/move?targetMailboxId. */
export const moveQuerySchema = z.object({ targetMailboxId: requiredQueryIdSchema });
/** PATCH /messages/{id}/spam?isSpam: to Spam (and teach the spam filter), or back to the inbox. */
export const spamQuerySchema = z.object({ isSpam: queryBoolean.default(true) });
/** DELETE /messages/{id}?permanent: false moves to TRASH; true (or already in TRASH) removes it. */
export const deleteMessageQuerySchema = z.object({ permanent: queryBoolean.default(false) });

/** RESTORE: the ticked mail in Trash back where it came from (issue 34). */
export const BULK_ACTIONS = ['READ', 'UNREAD', 'STAR', 'UNSTAR', 'MOVE', 'DELETE', 'RESTORE'] as const;
export type BulkAction = (typeof BULK_ACTIONS)[number];

/**
 * Which messages a bulk action takes: every message of one folder (or of the starred view) that
 * the list's filters keep, as Gmail's "select all N in this folder".
 */
export const bulkScopeSchema = z.object({
  mailboxId: bodyIdSchema.optional(),
  /** The starred view across folders (TRASH and SPAM excluded), when no mailboxId is given. */
  starred: z.boolean().optional(),
  isRead: z.boolean().optional(),
  isStarred: z.boolean().optional(),
  hasAttachments: z.boolean().optional(),
});
export type BulkScope = z.infer<typeof bulkScopeSchema>;

/** POST /messages/bulk: one action on ticked messages (messageIds), conversations or a whole scope. */
export const bulkRequestSchema = z
  .object({
    action: z.enum(BULK_ACTIONS, { error: messageKey('invalidValue') }),
    messageIds: z
      .array(bodyIdSchema)
      .max(MESSAGE_BULK_IDS_MAX, messageKey('tooManyItems', MESSAGE_BULK_IDS_MAX))
      .optional(),
    scope: bulkScopeSchema.optional(),
    /** Conversations of the list (issue 36): each one's messages in that folder. */
    conversations: bulkConversationsSchema.optional(),
    /** MOVE: the folder the messages go to. */
    targetMailboxId: bodyIdSchema.optional(),
    /** DELETE: for good, even outside the trash. */
    permanent: z.boolean().default(false),
  })
  .superRefine((value, ctx) => {
    const selections = [value.messageIds, value.scope, value.conversations].filter((s) => s !== undefined);
    if (selections.length !== 1) {
      ctx.addIssue({ code: 'custom', path: ['messageIds'], message: messageKey('idsRequired') });
    }
    if (value.scope && value.scope.mailboxId === undefined && !value.scope.starred) {
      ctx.addIssue({ code: 'custom', path: ['scope', 'mailboxId'], message: messageKey('required') });
    }
    if (value.action === 'MOVE' && value.targetMailboxId === undefined) {
      ctx.addIssue({ code: 'custom', path: ['targetMailboxId'], message: messageKey('required') });
    }
  });
export type BulkRequest = z.infer<typeof bulkRequestSchema>;
export type BulkInput = z.input<typeof bulkRequestSchema>;

export const bulkResultSchema = z.object({ affected: z.number().int().min(0) });
export type BulkResult = z.infer<typeof bulkResultSchema>;
