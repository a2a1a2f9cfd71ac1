import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { composeFileRules } from '@postline/shared/attachment-rules';
import type { Attachment } from '@postline/shared/attachments';
import type { Queryable, Tx } from '../../db/client.js';
import type { AttachmentRow } from '../../db/schema/attachments.js';
import type { IncomingAttachment } from '../../mail/format/types.js';
import { FileBlobStore, type BlobStore } from '../../storage/blob-store.js';
import { openBlobStore } from '../../storage/open-blob-store.js';
import { messageAttachmentHooks } from './outgoing.js';
import originalRoutes from './original-routes.js';
import attachmentRoutes from './routes.js';
import {
  copyAttachments,
  linkAttachments,
  loadAttachmentsForSend,
  presentAttachmentsForMessages,
  storeIncomingAttachments,
  sweepReleasedBlobs,
  type AttachmentDeps,
} from './service.js';

/** What other areas may call; nothing else of this module is theirs to import. */
export interface AttachmentsApi {
  blobStore: BlobStore;
  /** Inbound files of a message, inside its transaction; delivery already does this (inbound-files.ts). */
  storeIncomingAttachments(
    tx: Tx,
    userId: number,
    messageId: number,
    attachments: IncomingAttachment[],
    held?: string[],
  ): Promise<AttachmentRow[]>;
  /** Contents of the user's uploads for composeOutgoing; 404 if any id is not theirs. */
  loadAttachmentsForSend(userId: number, attachmentIds: number[]): Promise<IncomingAttachment[]>;
  /** Uploads onto the user's message (SENT copy, draft); files of other messages are copied. */
  linkAttachments(
    tx: Tx,
    userId: number,
    messageId: number,
    attachmentIds: number[],
  ): Promise<AttachmentRow[]>;
  /** Forward: new rows on toMessageId for the original's files, same blobs. */
  copyAttachments(tx: Tx, fromMessageId: number, toMessageId: number): Promise<AttachmentRow[]>;
  /** messageId -> attachments, for the message presenter (attachments, attachmentIds, attachmentCount). */
  presentAttachmentsForMessages(db: Queryable, messageIds: number[]): Promise<Map<number, Attachment[]>>;
  /** After a commit that deleted messages for good (or attachment rows): removes unreferenced blobs. */
  sweepReleasedBlobs(): Promise<number>;
}

declare module 'fastify' {
  interface FastifyInstance {
    attachments: AttachmentsApi;
  }
}

export interface AttachmentsPluginOptions {
  /** Another store (S3-compatible, docs/SCALING.md); default: files under DATA_DIR/blobs. */
  blobStore?: BlobStore;
}

const SWEEP_EVERY_MS = 10 * 60_000;

async function attachmentsPlugin(app: FastifyInstance, options: AttachmentsPluginOptions) {
  const blobStore = options.blobStore ?? openBlobStore(app.config.blobStore, app.config.dataDir);
  const fileStore = blobStore instanceof FileBlobStore ? blobStore : undefined;
  const deps: AttachmentDeps = { database: app.database, blobStore };
  // What compose may attach: ATTACHMENT_ALLOWED_TYPES (issue 34).
  const fileRules = composeFileRules(app.config.attachments.allowedExtensions);
  const logError = (error: unknown) => app.log.error({ err: error }, 'attachment blob housekeeping failed');

  app.decorate('attachments', {
    blobStore,
    storeIncomingAttachments: (tx, userId, messageId, attachments, held) =>
      storeIncomingAttachments(tx, userId, messageId, attachments, blobStore, held),
    loadAttachmentsForSend: (userId, ids) => loadAttachmentsForSend(deps, userId, ids),
    linkAttachments: (tx, userId, messageId, ids) => linkAttachments(tx, userId, messageId, ids),
    copyAttachments,
    presentAttachmentsForMessages,
    sweepReleasedBlobs: () => sweepReleasedBlobs(deps),
  } satisfies AttachmentsApi);

  // modules/messages reads its files through these when it is there (its extensions.ts).
  if (app.hasDecorator('messageAttachments'))
    Object.assign(app.messageAttachments, messageAttachmentHooks(deps), {
      afterPermanentDelete: () => sweepReleasedBlobs(deps),
    });

  let timer: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    await fileStore?.removeStaleTempFiles().catch(logError);
    // Rows deleted while no sweep ran (a crash, a user deleted directly in SQL) leave notes behind.
    void sweepReleasedBlobs(deps).catch(logError);
    timer = setInterval(() => void sweepReleasedBlobs(deps).catch(logError), SWEEP_EVERY_MS);
    timer.unref();
  });
  app.addHook('onClose', async () => {
    clearInterval(timer);
  });

  await app.register(attachmentRoutes, { deps, fileRules });
  await app.register(originalRoutes, { deps });
}

export default fp(attachmentsPlugin, { name: 'attachments' });
