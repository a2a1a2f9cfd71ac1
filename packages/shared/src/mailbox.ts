import { z } from 'zod';
import { MAILBOX_NAME_MAX } from './limits.js';
import { bodyIdSchema, requiredText } from './request-fields.js';
import { messageKey } from './validation-messages.js';

/**
 * Mailbox types: the four every user has (SPEC §3), SPAM and ARCHIVE made on first use by the
 * MARK_SPAM and SKIP_INBOX filter actions (DESIGN.md 5), SCHEDULED for mail waiting to go (undo
 * send and send later, issue 36), and CUSTOM for the user's own folders.
 */
export const MAILBOX_TYPES = [
  'INBOX',
  'SENT',
  'DRAFTS',
  'TRASH',
  'SPAM',
  'ARCHIVE',
  'SCHEDULED',
  'CUSTOM',
] as const;
export const mailboxTypeSchema = z.enum(MAILBOX_TYPES, { error: messageKey('invalidMailboxType') });
export type MailboxType = z.infer<typeof mailboxTypeSchema>;

/** Made by the system, never renamed or deleted by the user; at most one of each per user. */
export const SYSTEM_MAILBOX_TYPES = [
  'INBOX',
  'SENT',
  'DRAFTS',
  'TRASH',
  'SPAM',
  'ARCHIVE',
  'SCHEDULED',
] as const satisfies readonly MailboxType[];
export type SystemMailboxType = (typeof SYSTEM_MAILBOX_TYPES)[number];

/** Created with every new user (SPEC §9 "Mailbox types"); the sidebar shows them in this order. */
export const DEFAULT_MAILBOX_TYPES = [
  'INBOX',
  'SENT',
  'DRAFTS',
  'TRASH',
] as const satisfies readonly SystemMailboxType[];

export function isSystemMailboxType(type: MailboxType): type is SystemMailboxType {
  return (SYSTEM_MAILBOX_TYPES as readonly MailboxType[]).includes(type);
}

/** A mailbox as the API shows it; children are its sub-folders, nested the same way. */
export interface Mailbox {
  id: number;
  name: string;
  type: MailboxType;
  /** All messages in the folder; messageCount repeats it for clients that read that name. */
  totalCount: number;
  messageCount: number;
  unreadCount: number;
  userId: number;
  parentId: number | null;
  children: Mailbox[];
}

export const mailboxSchema: z.ZodType<Mailbox> = z.object({
  id: z.number().int(),
  name: z.string(),
  type: mailboxTypeSchema,
  totalCount: z.number().int().min(0),
  messageCount: z.number().int().min(0),
  unreadCount: z.number().int().min(0),
  userId: z.number().int(),
  parentId: z.number().int().nullable(),
  get children() {
    return z.array(mailboxSchema);
  },
});

/** GET /mailboxes: the top-level folders with their sub-folders nested in children. */
export const mailboxListSchema = z.array(mailboxSchema);

/** POST /mailboxes: a custom folder, at the top or under parentId. */
export const createMailboxRequestSchema = z.object({
  name: requiredText(MAILBOX_NAME_MAX, 'nameRequired'),
  parentId: bodyIdSchema.nullable().optional(),
});
export type CreateMailboxRequest = z.infer<typeof createMailboxRequestSchema>;

/** PUT /mailboxes/{id}: rename, and move when parentId is given (null moves it to the top). */
export const updateMailboxRequestSchema = createMailboxRequestSchema;
export type UpdateMailboxRequest = z.infer<typeof updateMailboxRequestSchema>;

/** The first folder of a type, searching sub-folders too. */
export function findMailboxByType(mailboxes: readonly Mailbox[], type: MailboxType): Mailbox | undefined {
  for (const mailbox of mailboxes) {
    if (mailbox.type === type) return mailbox;
    const nested = findMailboxByType(mailbox.children, type);
    if (nested) return nested;
  }
  return undefined;
}
