import type { Queryable, Tx } from '../../db/client.js';
import type { AttachmentRow } from '../../db/schema/attachments.js';
import type { IncomingAttachment } from '../../mail/format/types.js';
import { storeMessageSources } from './message-sources.js';
import { attachmentsOfMessages } from './repository.js';
import {
  linkAttachments,
  loadAttachmentsForSend,
  releaseHeldBlob,
  toOutgoing,
  type AttachmentDeps,
} from './service.js';

/** The files an outgoing message carries. */
export interface OutgoingAttachmentRequest {
  /** Files the user uploaded for this message. */
  attachmentIds: number[];
  /** Forward: the original message, whose files go along. */
  forwardAttachmentsFrom?: number;
  /** Sending a saved draft: the files linked to it go along. */
  draftId?: number;
}

/** The files of what a person writes, as compose calls them (modules/compose). */
export interface OutgoingFiles {
  /** The contents for the MIME message; throws AppError for an id that is not the user's. */
  load(db: Queryable, userId: number, request: OutgoingAttachmentRequest): Promise<IncomingAttachment[]>;
  /** Links the files to the sender's stored copy, in the send transaction, before a sent draft is deleted. */
  linkToSent(tx: Tx, userId: number, messageId: number, request: OutgoingAttachmentRequest): Promise<void>;
  /** Links uploaded files to a saved draft; answers how many the draft now has. */
  linkToDraft(tx: Tx, userId: number, draftId: number, attachmentIds: number[]): Promise<number>;
  /**
   * Keeps the source of a sent message with the sender's copy, in the send transaction. Answers the
   * call to make once the transaction has ended (committed or not), which ends the blob's hold.
   */
  keepSource(tx: Tx, messageId: number, raw: Buffer): Promise<(committed: boolean) => Promise<void>>;
}

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

/** The contents for composing, and the rows of the sender's copy and of drafts; built once in src/app.ts. */
export function createOutgoingFiles(deps: AttachmentDeps): OutgoingFiles {
  return {
    async load(db, userId, request) {
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
    async linkToSent(tx, userId, messageId, request) {
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
    async linkToDraft(tx, userId, draftId, attachmentIds) {
      const rows = await linkAttachments(tx, userId, draftId, attachmentIds);
      return rows.filter((row) => !row.isInline).length;
    },
  };
}
