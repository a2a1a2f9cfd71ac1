import type { AnyColumn, SQL } from 'drizzle-orm';
import type { Notification, NotificationSettings } from '@postline/shared/notifications';
import type { MailArrivedPush, NotificationsReadPush } from '@postline/shared/realtime';
import type { Database, Queryable, Tx } from '../../db/client.js';
import type { NotificationSettingsRow } from '../../db/schema/notifications.js';
import type { MailLogger } from '../../lib/mail-logger.js';
import type { IncomingEnvelope } from '../format/incoming-mime.js';
import type { MessageInsert } from '../format/stored-row.js';
import type { DeliveredMessage, DeliveryContext, IncomingMail } from '../format/types.js';
import type { DnsResolve } from './trust/dns-resolver.js';
import type { DmarcEnforce } from './trust/policy.js';
import type { RspamdOptions } from './trust/rspamd.js';

/*
 * What delivery and sending call through: each collaborator is an interface declared here, beside
 * the pipeline, and implemented below it or beside it (the areas, real time, the transport). The
 * pipeline imports none of them; src/wiring.ts builds one DeliveryDeps from them at start, and a
 * test that wants a failing file store or another filter verdict passes its own.
 */

/** Everything delivery (deliver.ts) and sending (dispatch.ts) call; every member is required. */
export interface DeliveryDeps {
  database: Database;
  /** MAIL_DOMAIN: the domain of Message-IDs made here (sent mail, bounces, mail that came without one). */
  mailDomain: string;
  logger: MailLogger;
  /** Step 1's worker threads: reading a message, bounded by a deadline (mail/transport/parse-pool.ts). */
  parser: InboundParser;
  /** The sender checks and spam scoring of mail that comes over SMTP (step 2). */
  checks: InboundChecks;
  /** The user's folders and their counts (modules/folders). */
  folders: DeliveryFolders;
  /** The message rows (modules/messages). */
  messages: DeliveryMessages;
  /** Inbound files and the original source on the blob store (modules/attachments). */
  files: InboundFiles;
  /** The recipient's active filters (modules/filters). */
  filters: DeliveryFilters;
  /** The recipient's away reply (modules/away-replies). */
  away: DeliveryAway;
  /** NEW_MESSAGE and SYSTEM_ALERT rows, pushed once they commit (modules/notifications). */
  notifications: DeliveryNotifications;
  /** The real-time events every node hears once a transaction commits (realtime/fan-out.ts). */
  push: RealtimePush;
  /** Mail for other domains, handed to the relay by the outbox worker (mail/transport/outbox.ts). */
  outbox: OutboxQueue;
}

/** Reading a stranger's message in worker threads, under a deadline (mail/transport/parse-pool.ts). */
export interface InboundParser {
  /** Raw SMTP data as an IncomingMail with its derived content; never throws. */
  parse(raw: Buffer, sizeBytes: number, envelope: IncomingEnvelope): Promise<IncomingMail>;
  /** Mail built here (local send, filters' forwards) with its derived content; never throws. */
  derive(mail: IncomingMail): Promise<IncomingMail>;
  close(): Promise<void>;
}

export interface InboundChecks {
  /** SPF, DKIM, DMARC, ARC; null when SENDER_CHECKS is off. */
  sender: {
    resolver: DnsResolve;
    /** MAIL_DOMAIN: mail claiming it from outside must prove it. */
    ownDomain: string;
    /** The authserv-id of Authentication-Results. */
    mta: string;
    dmarcEnforce: DmarcEnforce;
  } | null;
  /** rspamd's worker and controller; null without RSPAMD_URL. */
  rspamd: RspamdOptions | null;
}

/** A folder's total and unread, moved by a transaction's messages (one row per folder). */
export interface FolderCountDelta {
  mailboxId: number;
  total: number;
  unread: number;
}

/** The folders as delivery files mail into them (steps 3, 4 and 6). */
export interface DeliveryFolders {
  /** The user's INBOX id as a column of the recipient's select (recipients.ts); null if they lost it. */
  inboxIdOf(userId: SQL | AnyColumn): SQL<number | null>;
  /** The user's INBOX; a user without one is refused (404). */
  inbox(tx: Tx, userId: number): Promise<number>;
  /** The user's Spam folder, made on first use. */
  spam(tx: Tx, userId: number): Promise<number>;
  /** Whether the folder is the user's own. */
  owns(tx: Tx, userId: number, folderId: number): Promise<boolean>;
  /** Each folder's total and unread, moved in the transaction. */
  adjustCounts(tx: Tx, deltas: readonly FolderCountDelta[]): Promise<void>;
}

/** The message rows as delivery writes them (step 5). */
export interface DeliveryMessages {
  /** The rows of a transaction's messages, in one statement; answers their ids in the rows' order. */
  insert(tx: Tx, rows: MessageInsert[]): Promise<number[]>;
}

/** The blobs one delivery wrote, held from deletion until `release`; null when it wrote none. */
export type HeldBlobs = { messageId: number } | null;

/** One stored message whose files and source are written. */
export interface InboundMessage {
  userId: number;
  messageId: number;
  mail: IncomingMail;
}

/** Inbound files as delivery calls them (store-message.ts and after-commit.ts). */
export interface InboundFiles {
  /**
   * Stores the files and the original sources of a transaction's messages inside it (all sources
   * in one statement); answers each message's holds, in order.
   */
  store(tx: Tx, messages: readonly InboundMessage[]): Promise<HeldBlobs[]>;
  /** After the commit: the rows are durable, so the blobs need no hold any more. */
  release(held: HeldBlobs): Promise<void>;
  /**
   * App close: ends every hold without sweeping. A delivery still committing must not lose its
   * files; one that rolled back leaves an unreferenced blob, which costs disk, not mail.
   */
  flush(): Promise<void>;
}

/** A filter's automatic answer: its own text, or one of the user's templates. */
export type AutoReply = { kind: 'text'; text: string } | { kind: 'template'; templateId: string };

/** What the recipient's filters decided for one arriving message; null fields leave the default. */
export interface FilterVerdict {
  mailboxId: number | null;
  isRead: boolean | null;
  isStarred: boolean | null;
  labels: string[];
  /** Sent after the commit, through dispatch (after-commit.ts). */
  forwardTo: string[];
  autoReply: AutoReply | null;
}

/** The sender of a filter's forward or auto reply: the recipient, and the mail that arrived. */
export type FilterSender = Pick<DeliveryContext, 'user' | 'mail'>;

/** The filters as delivery calls them (steps 3, 4, 7 and 9). */
export interface DeliveryFilters {
  /**
   * Runs the user's active filters in priority order; null when none matched. It writes only when
   * a filter matched (the folder it files into), and that in a savepoint of its own.
   */
  evaluate(tx: Tx, ctx: DeliveryContext): Promise<FilterVerdict | null>;
  /** Records the executions and writes FILTER_EXECUTED, in the delivery transaction. */
  record(tx: Tx, ctx: DeliveryContext, message: DeliveredMessage, verdict: FilterVerdict): Promise<void>;
  /**
   * The user's filter revision as a column of the recipient's select (recipients.ts): evaluate's
   * cache check then costs no query of its own.
   */
  revisionOf(userId: SQL | AnyColumn): SQL<string | null>;
  /** The verdict's forwards, after the commit (after-commit.ts). */
  forward(deps: DeliveryDeps, sender: FilterSender, to: string): Promise<void>;
  /** The verdict's auto reply; answers whether it went out (at most one a day per sender). */
  autoReply(deps: DeliveryDeps, sender: FilterSender, reply: AutoReply): Promise<boolean>;
}

/** The away reply as delivery calls it (steps 3 and 9). */
export interface DeliveryAway {
  /**
   * Whether the user's away reply is on, as a column of the recipient's select (recipients.ts):
   * mail to everyone else costs no query of its own.
   */
  activeOf(userId: SQL | AnyColumn): SQL<boolean>;
  /**
   * After the commit, for a user whose away reply is on: answers the sender if its days, RFC 3834
   * and its interval allow; answers whether a reply went out.
   */
  answer(deps: DeliveryDeps, delivery: AwaySender): Promise<boolean>;
}

/** What the away reply reads of a delivery: the recipient, the mail and its envelope sender. */
export type AwaySender = Pick<DeliveryContext, 'user' | 'mail' | 'trace'>;

/** A real-time event as the fan-out channel carries it, made by RealtimePush. */
export type PushPayload = string;

/** The real-time events every node hears once the transaction that publishes them commits. */
export interface RealtimePush {
  /** A mail was delivered: the user's open lists take it in, whatever the notification settings. */
  mailArrived(userId: number, mail: Omit<MailArrivedPush, 'kind'>): PushPayload;
  /** A notification written or changed. */
  notification(userId: number, notification: Notification): PushPayload;
  /** Notifications marked read: every tab of the user updates its list and badge. */
  notificationsRead(userId: number, read: Omit<NotificationsReadPush, 'kind'>): PushPayload;
  /** Queues the events in the transaction, in order and in one statement; they go out at its commit. */
  publish(q: Queryable, payloads: readonly PushPayload[]): Promise<void>;
}

/** A delivered message to notify of, and the pushes that go out with its notification. */
export interface DeliveredNotice {
  ctx: DeliveryContext;
  message: DeliveredMessage;
  alsoPublish: readonly PushPayload[];
}

/** The notifications delivery writes (steps 3 and 7). */
export interface DeliveryNotifications {
  /** The recipient's settings from their row, read with them (recipients.ts); null: never saved. */
  settingsOf(row: NotificationSettingsRow | null): NotificationSettings;
  /**
   * NEW_MESSAGE, or SYSTEM_ALERT for a bounce, for each message of the transaction, in one
   * statement, each with its `alsoPublish`; answers which were written (false where the settings
   * turned it off: then nothing of it was published).
   */
  newMail(tx: Tx, delivered: readonly DeliveredNotice[]): Promise<boolean[]>;
}

/** Mail for another domain, for the relay. */
export interface OutboundMail {
  userId: number;
  /** The sender's stored copy (SENT), if any. */
  messageId: number | null;
  envelopeFrom: string;
  recipients: string[];
  raw: Buffer;
}

/** The outbox as sending fills it (dispatch.ts). */
export interface OutboxQueue {
  /** Queues mail in the caller's transaction: it leaves only if that commits. Answers the row's id. */
  enqueue(tx: Tx, mail: OutboundMail): Promise<number>;
}

/** Where and how a message is filed: the filters' verdict, checked against the user's own folders. */
export interface Placement {
  mailboxId: number;
  isRead: boolean;
  isStarred: boolean;
  labels: string[];
}

/** One recipient's delivery once its rows are written; what the after-commit step still needs. */
export interface StoredDelivery {
  ctx: DeliveryContext;
  placement: Placement;
  verdict: FilterVerdict | null;
  message: DeliveredMessage;
  held: HeldBlobs;
}

/** What deliver() answers: the copies stored, and the addresses no user here has. */
export interface DeliveryReport {
  delivered: DeliveredMessage[];
  /** Addresses without a user here; SMTP refused them at RCPT, so these left meanwhile. */
  unknown: string[];
}
