import type { MessageFiles } from '../messages/index.js';
import { findUserMessageSource, openSource, sourceIsReadable } from './message-sources.js';
import { presentAttachment } from './presenter.js';
import { attachmentsOfMessages } from './repository.js';
import { sweepReleasedBlobs, type AttachmentDeps } from './service.js';

/** The files of messages as the messages area lists, releases and serves them; built once in src/app.ts. */
export function createMessageFiles(deps: AttachmentDeps): MessageFiles {
  return {
    async list(db, userId, messageId) {
      const rows = await attachmentsOfMessages(db, [messageId]);
      return rows.filter((row) => row.userId === userId).map(presentAttachment);
    },
    sweep: () => sweepReleasedBlobs(deps),
    async original(userId, messageId) {
      const { found, source } = await findUserMessageSource(deps.database.db, userId, messageId);
      if (!source) return { found, source: null };
      return {
        found,
        source: {
          subject: source.subject,
          sizeBytes: source.sizeBytes,
          isReadable: () => sourceIsReadable(deps.blobStore, source),
          open: () => openSource(deps.blobStore, source),
        },
      };
    },
  };
}
