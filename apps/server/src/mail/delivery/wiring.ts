import type { Database } from '../../db/client.js';
import { createInboundFiles } from '../../modules/attachments/inbound-files.js';
import { createDeliveryFilters } from '../../modules/filters/delivery-filters.js';
import type { NotificationService } from '../../modules/notifications/service.js';
import type { BlobStore } from '../../storage/blob-store.js';
import type { MailLogger } from '../logger.js';
import type { DeliveryDeps } from './types.js';

export interface DeliveryWiring {
  database: Database;
  logger: MailLogger;
  notifications: NotificationService;
  blobStore: BlobStore;
}

/** The delivery pipeline's collaborators, built once in app.ts; SMTP, dispatch and the outbox share it. */
export function createDeliveryDeps(wiring: DeliveryWiring): DeliveryDeps {
  const { database, logger } = wiring;
  return {
    database,
    logger,
    filters: createDeliveryFilters(wiring.notifications, logger),
    files: createInboundFiles({ database, blobStore: wiring.blobStore }, (error) =>
      logger.error({ err: error }, 'attachment blob housekeeping failed'),
    ),
    notifications: wiring.notifications,
  };
}
