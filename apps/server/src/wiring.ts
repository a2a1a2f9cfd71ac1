import type { Config } from './config.js';
import type { Database } from './db/client.js';
import type { InboundParseOptions } from './lib/mail-limits.js';
import type { MailLogger } from './lib/mail-logger.js';
import type { DeliveryDeps, InboundChecks } from './mail/pipeline/ports.js';
import { createDnsResolver } from './mail/pipeline/trust/dns-resolver.js';
import { outboxQueue } from './mail/transport/outbox.js';
import { createInboundParser } from './mail/transport/parse-pool.js';
import { createInboundFiles } from './modules/attachments/index.js';
import { createDeliveryFilters } from './modules/filters/index.js';
import { deliveryFolders } from './modules/folders/index.js';
import { deliveryMessages } from './modules/messages/index.js';
import { deliveryNotifications, type NotificationService } from './modules/notifications/index.js';
import { fanOutPush } from './realtime/fan-out.js';
import type { BlobStore } from './storage/blob-store.js';

export interface DeliveryWiring {
  database: Database;
  logger: MailLogger;
  notifications: NotificationService;
  blobStore: BlobStore;
  mailDomain: string;
  /** Sender checks and spam scoring of SMTP mail; none when left out. */
  checks?: InboundChecks;
  /** The parse pool's threads and deadline; its defaults when left out. */
  parse?: InboundParseOptions;
}

/** The checks as the configuration says: SENDER_CHECKS, DNS_SERVERS, DMARC_ENFORCE, RSPAMD_*. */
export function inboundChecksFrom(config: Config): InboundChecks {
  const sender = config.senderChecks;
  return {
    sender: sender.enabled
      ? {
          resolver: createDnsResolver({ servers: sender.dnsServers }),
          ownDomain: config.mailDomain,
          mta: config.mailHost,
          dmarcEnforce: sender.dmarcEnforce,
        }
      : null,
    rspamd: config.rspamd ?? null,
  };
}

/**
 * The delivery pipeline's collaborators (mail/pipeline/ports.ts), each the area or part that
 * implements it, built once in app.ts; SMTP, dispatch and the outbox share it.
 */
export function createDeliveryDeps(wiring: DeliveryWiring): DeliveryDeps {
  const { database, logger } = wiring;
  return {
    database,
    logger,
    mailDomain: wiring.mailDomain,
    parser: createInboundParser(wiring.parse, logger),
    checks: wiring.checks ?? { sender: null, rspamd: null },
    folders: deliveryFolders,
    messages: deliveryMessages,
    files: createInboundFiles({ database, blobStore: wiring.blobStore }, (error) =>
      logger.error({ err: error }, 'attachment blob housekeeping failed'),
    ),
    filters: createDeliveryFilters(wiring.notifications, logger),
    notifications: deliveryNotifications(wiring.notifications),
    push: fanOutPush,
    outbox: outboxQueue,
  };
}
