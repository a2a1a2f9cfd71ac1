import { z } from 'zod';
import { pageOf } from './common.js';
import { messageListItemSchema, messageSchema } from './messages.js';
import { bodyIdSchema, queryIdSchema } from './request-fields.js';
import { messageKey } from './validation-messages.js';

/*
 * Conversations (issue 36): the messages of one thread, as RFC 5256 REFERENCES groups them, per user.
 * A conversation's id is opaque (base64url), the user's own: another user's is not found.
 */

/** The longest conversation id the server takes; it writes none longer. */
export const CONVERSATION_ID_MAX = 1400;
/** How many conversations one bulk action may name. */
export const CONVERSATION_BULK_IDS_MAX = 200;

export const conversationIdSchema = z
  .string()
  .min(1, messageKey('invalidValue'))
  .max(CONVERSATION_ID_MAX, messageKey('invalidValue'))
  .regex(/^[A-Za-z0-9_-]+$/, messageKey('invalidValue'));
export const conversationParamsSchema = z.object({ id: conversationIdSchema });

/** Someone who wrote in the conversation, in the order they first did; isMe: the user. */
export const conversationParticipantSchema = z.object({
  name: z.string().nullable(),
  address: z.string(),
  isMe: z.boolean(),
});
export type ConversationParticipant = z.infer<typeof conversationParticipantSchema>;

/**
 * A row of the conversation list: its newest message in the folder (subject, preview, date, id)
 * with the conversation's own flags: isRead false if any of its messages there is unread, isStarred
 * and hasAttachments if any is. messageCount and participants count the user's sent replies too.
 */
export const conversationListItemSchema = messageListItemSchema.extend({
  conversationId: z.string(),
  messageCount: z.number().int().min(1),
  /** How many of them are in this folder: what the row's actions take. */
  messagesInFolder: z.number().int().min(1),
  unreadCount: z.number().int().min(0),
  participants: z.array(conversationParticipantSchema),
});
export type ConversationListItem = z.infer<typeof conversationListItemSchema>;

/** A page of conversations: the same paging, sorting and cursors as the message lists. */
export const conversationPageSchema = pageOf(conversationListItemSchema).extend({
  nextCursor: z.string().nullable(),
  prevCursor: z.string().nullable(),
  totalIsEstimate: z.boolean(),
});
export type ConversationPage = z.infer<typeof conversationPageSchema>;

/**
 * GET /conversations/{id}?mailboxId: the conversation as opened from that folder (its messages
 * there and the user's sent ones); without it, every message outside Trash and Spam.
 */
export const conversationQuerySchema = z.object({ mailboxId: queryIdSchema });
export type ConversationQuery = z.infer<typeof conversationQuerySchema>;

/** Its messages, oldest first, each in full. */
export const conversationSchema = z.object({
  id: z.string(),
  subject: z.string(),
  messages: z.array(messageSchema),
});
export type Conversation = z.infer<typeof conversationSchema>;

/** A bulk action's conversations: their messages in that folder. */
export const bulkConversationsSchema = z.object({
  ids: z
    .array(conversationIdSchema)
    .min(1, messageKey('idsRequired'))
    .max(CONVERSATION_BULK_IDS_MAX, messageKey('tooManyItems', CONVERSATION_BULK_IDS_MAX)),
  mailboxId: bodyIdSchema,
});
export type BulkConversations = z.infer<typeof bulkConversationsSchema>;
