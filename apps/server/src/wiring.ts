import type { Config } from './config.js';
import type { Database } from './db/client.js';
import type { MailLogger } from './lib/mail-logger.js';
import type { DeliveryDeps, InboundChecks } from './mail/pipeline/ports.js';
import { createDnsResolver } from './mail/pipeline/trust/dns-resolver.js';
import { outboxQueue } from './mail/transport/outbox.js';
import { createInboundParser } from './mail/transport/parse-pool.js';
import {
  createInboundFiles,
  createMessageFiles,
  createOutgoingFiles,
  type AttachmentDeps,
} from './modules/attachments/index.js';
import type { UserSetup } from './modules/auth/index.js';
import type { ComposeDeps } from './modules/compose/index.js';
import { deliveryAway } from './modules/away-replies/index.js';
import { createDeliveryFilters } from './modules/filters/index.js';
import { createSystemFolders, deliveryFolders } from './modules/folders/index.js';
import { deliveryMessages, type MessagesDeps } from './modules/messages/index.js';
import { deliveryNotifications, NotificationService } from './modules/notifications/index.js';
import { welcomeMessageFor } from './modules/seed/index.js';
import { createDefaultTemplateCategories } from './modules/templates/index.js';
import { fanOutPush } from './realtime/fan-out.js';
import { openBlobStore } from './storage/open-blob-store.js';

/*
 * The composition root's parts (DESIGN.md "Runtime"): what the areas, the delivery pipeline and
 * sending call each other through, each built once here from its required parts, in the order they
 * need each other. app.ts registers the routes with them; build-server.ts hands the delivery to SMTP
 * and the outbox worker, and the notifications to real time. Nothing is added to them later.
 */

/** Everything built once for an app, every member required. */
export interface AppParts {
  attachments: AttachmentDeps;
  notifications: NotificationService;
  messages: MessagesDeps;
  /** Delivery's collaborators (mail/pipeline/ports.ts), shared by SMTP, sending and the outbox. */
  delivery: DeliveryDeps;
  compose: ComposeDeps;
  /** What a new user gets from the areas, in the transaction that creates them. */
  setUpUser: UserSetup;
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

export function createAppParts(config: Config, database: Database, logger: MailLogger): AppParts {
  // One blob store for uploads and inbound files: their holds must be counted in one place.
  const attachments: AttachmentDeps = {
    database,
    blobStore: openBlobStore(config.blobStore, config.dataDir),
  };
  const notifications = new NotificationService(database, fanOutPush);
  // Reading a mail reads its new-mail notification, on every tab (issue 10).
  const messages: MessagesDeps = { database, files: createMessageFiles(attachments), read: notifications };
  const delivery: DeliveryDeps = {
    database,
    logger,
    mailDomain: config.mailDomain,
    parser: createInboundParser(config.inboundParse, logger),
    checks: inboundChecksFrom(config),
    folders: deliveryFolders,
    messages: deliveryMessages,
    files: createInboundFiles(attachments, (error) =>
      logger.error({ err: error }, 'attachment blob housekeeping failed'),
    ),
    filters: createDeliveryFilters(notifications, logger),
    away: deliveryAway,
    notifications: deliveryNotifications(notifications),
    push: fanOutPush,
    outbox: outboxQueue,
  };
  const compose: ComposeDeps = { delivery, messages, files: createOutgoingFiles(attachments) };
  const welcome = welcomeMessageFor(config);
  const setUpUser: UserSetup = async (tx, user) => {
    // In this order: the welcome mail goes into the inbox the folders make.
    await createSystemFolders(tx, user);
    if (welcome) await welcome(tx, user);
    await createDefaultTemplateCategories(tx, user);
  };
  return { attachments, notifications, messages, delivery, compose, setUpUser };
}
