import type { Queryable } from '../../db/client.js';
import type { AttachmentRow } from '../../db/schema/attachments.js';
import type { MessageAttachmentHooks, OutgoingAttachmentRequest } from '../messages/index.js';
import { storeMessageSources } from './message-sources.js';
import { presentAttachment } from './presenter.js';
import { attachmentsOfMessages } from './repository.js';
import {
  linkAttachments,
  loadAttachmentsForSend,
  releaseHeldBlob,
  toOutgoing,
  type AttachmentDeps,
} from './service.js';

/** Files that come along from other messages: the forwarded original's, then the sent draft's. */
async function carriedRows(
  q: Queryable,
  userId: number,
  request: OutgoingAttachmentRequest,
): Promise<AttachmentRow[]> {
  const sources = [request.forwardAttachmentsFrom, request.draftId].filter(
    (id): id is number => id !== undefined,
  );
  const rows = (await attachmentsOfMessages(q, sources)).filter((row) => row.userId === userId);
  return [
    ...rows.filter((row) => row.messageId === request.forwardAttachmentsFrom),
    ...rows.filter((row) => row.messageId !== request.forwardAttachmentsFrom),
  ];
}

function uploadsBeyond(carried: AttachmentRow[], attachmentIds: number[]): number[] {
  const carriedIds = new Set(carried.map((row) => row.id));
  return attachmentIds.filter((id) => !carriedIds.has(id));
}

/**
 * What modules/messages calls through app.messageAttachments (its extensions.ts): the files of
 * GET /messages/{id}, the contents for composing, and the rows of the sender's copy and of drafts.
 */
export function messageAttachmentHooks(
  deps: AttachmentDeps,
): Required<Omit<MessageAttachmentHooks, 'afterPermanentDelete'>> {
  return {
    async list(db, userId, messageId) {
      const rows = await attachmentsOfMessages(db, [messageId]);
      return rows.filter((row) => row.userId === userId).map(presentAttachment);
    },
    async loadOutgoing(db, userId, request) {
      const carried = await carriedRows(db, userId, request);
      // An upload id that is not the user's fails the send here (404), before anything is stored.
      const uploaded = await loadAttachmentsForSend(
        deps,
        userId,
        uploadsBeyond(carried, request.attachmentIds),
        db,
      );
      return [...(await toOutgoing(deps.blobStore, carried)), ...uploaded];
    },
    async linkOutgoing(tx, userId, messageId, request) {
      const carried = await carriedRows(tx, userId, request);
      const ids = [...carried.map((row) => row.id), ...uploadsBeyond(carried, request.attachmentIds)];
      // The sent draft's rows move to the SENT copy; the forwarded original keeps its own.
      await linkAttachments(tx, userId, messageId, ids, request.draftId);
    },
    async keepSource(tx, messageId, raw) {
      const held: string[] = [];
      const release = async (committed: boolean) => {
        for (const hash of held) await releaseHeldBlob(deps, hash, !committed);
      };
      try {
        await storeMessageSources(tx, [{ messageId, parts: [raw], held }], deps.blobStore);
      } catch (error) {
        // The send rolls back; a blob already written goes once the rollback is through.
        setImmediate(() => void release(false).catch(() => undefined));
        throw error;
      }
      return release;
    },
    async linkDraft(tx, userId, draftId, attachmentIds) {
      const rows = await linkAttachments(tx, userId, draftId, attachmentIds);
      return rows.filter((row) => !row.isInline).length;
    },
  };
}
