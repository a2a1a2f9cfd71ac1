import type { Database } from '../../db/client.js';
import type { HeldBlobs, InboundFiles } from '../../modules/attachments/index.js';
import type { DeliveryFilters, FilterVerdict } from '../../modules/filters/index.js';
import type { NotificationService } from '../../modules/notifications/index.js';
import type { MailLogger } from '../../lib/mail-logger.js';
import type { InboundParser } from '../transport/parse-pool.js';
import type { DnsResolve } from './trust/dns-resolver.js';
import type { DmarcEnforce } from './trust/policy.js';
import type { RspamdOptions } from './trust/rspamd.js';
import type { DeliveredMessage, DeliveryContext } from '../format/types.js';

/**
 * Everything delivery calls, built once where the app is wired (./wiring.ts) and passed down.
 * Nothing here is filled in later by the modules it names: a test that wants another filter
 * engine or a failing file store passes its own object in the same shape.
 */
export interface DeliveryDeps {
  database: Database;
  /** MAIL_DOMAIN: the domain of Message-IDs made here (sent mail, bounces, mail that came without one). */
  mailDomain: string;
  logger: MailLogger;
  /** Step 1's worker threads: reading a message, bounded by a deadline (mail/parse-pool.ts). */
  parser: InboundParser;
  /** The recipient's active filters (modules/filters). */
  filters: DeliveryFilters;
  /** Inbound files and the original source on the blob store (modules/attachments). */
  files: InboundFiles;
  /** NEW_MESSAGE and SYSTEM_ALERT rows, pushed by NOTIFY once they commit (modules/notifications). */
  notifications: NotificationService;
  /** The sender checks and spam scoring of mail that comes over SMTP (step 2). */
  checks: InboundChecks;
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
