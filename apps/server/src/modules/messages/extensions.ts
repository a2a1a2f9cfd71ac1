import type { FastifyInstance } from 'fastify';
import type { Attachment } from '@postline/shared/attachments';
import type { Queryable, Tx } from '../../db/client.js';
import type { IncomingAttachment } from '../../mail/format/types.js';

/**
 * Where other areas plug into messages without this module importing them: notifications add
 * their count to the dashboard and read the notices of mail that is read, attachments supply and
 * link the files of messages.
 */
export interface DashboardCounts {
  notificationCount?: number;
}
export type DashboardCounter = (db: Queryable, userId: number) => Promise<DashboardCounts>;

/** Messages were marked read, in this transaction (notifications read their new-mail notices). */
export type MessagesReadHook = (tx: Tx, userId: number, messageIds: number[]) => Promise<void>;

/** The files an outgoing message carries. */
export interface OutgoingAttachmentRequest {
  /** Files the user uploaded for this message. */
  attachmentIds: number[];
  /** Forward: the original message, whose files go along. */
  forwardAttachmentsFrom?: number;
  /** Sending a saved draft: the files linked to it go along. */
  draftId?: number;
}

export interface MessageAttachmentHooks {
  /** GET /messages/{id}: the message's attachments. */
  list?: (db: Queryable, userId: number, messageId: number) => Promise<Attachment[]>;
  /** The contents for the MIME message; throws AppError for an id that is not the user's. */
  loadOutgoing?: (
    db: Queryable,
    userId: number,
    request: OutgoingAttachmentRequest,
  ) => Promise<IncomingAttachment[]>;
  /** Links the files to the sender's stored copy, in the send transaction, before a sent draft is deleted. */
  linkOutgoing?: (
    tx: Tx,
    userId: number,
    messageId: number,
    request: OutgoingAttachmentRequest,
  ) => Promise<void>;
  /** Links uploaded files to a saved draft; answers how many the draft now has. */
  linkDraft?: (tx: Tx, userId: number, draftId: number, attachmentIds: number[]) => Promise<number>;
  /**
   * Keeps the source of a sent message with the sender's copy, in the send transaction. Answers the
   * call to make once the transaction has ended (committed or not), which ends the blob's hold.
   */
  keepSource?: (tx: Tx, messageId: number, raw: Buffer) => Promise<(committed: boolean) => Promise<void>>;
  /** After messages were deleted for good (committed): release files nothing refers to any more. */
  afterPermanentDelete?: () => Promise<unknown>;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Read by GET /dashboard/summary; each counter adds its figures (notifications: notificationCount). */
    dashboardCounters: DashboardCounter[];
    /** Filled by the attachments area; without it messages have no files. */
    messageAttachments: MessageAttachmentHooks;
    /** Run inside every transaction that marks messages read. */
    messagesReadHooks: MessagesReadHook[];
  }
}

/** Called once in app.ts, before any route plugin, so every plugin can push onto these. */
export function decorateMessageExtensions(app: FastifyInstance): void {
  app.decorate('dashboardCounters', [] as DashboardCounter[]);
  app.decorate('messageAttachments', {} as MessageAttachmentHooks);
  app.decorate('messagesReadHooks', [] as MessagesReadHook[]);
}
