import { pipeline } from 'node:stream';
import type { FastifyRequest } from 'fastify';
import type { MultipartFile } from '@fastify/multipart';
import { uploadAttachmentFieldsSchema } from '@postline/shared/attachments';
import { checkComposeFile, type FileRules } from '@postline/shared/attachment-rules';
import { sanitizeFileName, uniqueFileName } from '@postline/shared/file-names';
import { COMPOSE_MAX_FILE_BYTES } from '@postline/shared/limits';
import type { AttachmentRow } from '../../db/schema/attachments.js';
import { AppError } from '../../lib/errors.js';
import { BlobTooLargeError } from '../../storage/blob-store.js';
import { ContentInspector, ContentRefusedError } from './content-check.js';
import {
  attachmentTooLarge,
  contentRefused,
  emptyFile,
  fileTypeNotAllowed,
  invalidField,
  messageNotFound,
  noFileInUpload,
  oneFilePerUpload,
  onlyDraftsTakeUploads,
  uploadInterrupted,
  uploadNeedsMultipart,
} from './errors.js';
import { attachmentsOfMessages, findUserMessage, insertAttachments } from './repository.js';
import { refreshAttachmentCounts } from '../messages/index.js';
import { releaseHeldBlob, type AttachmentDeps } from './service.js';

/** Busboy limits of POST /attachments/upload: one file, a few small fields. */
export const UPLOAD_LIMITS = {
  // One byte over the limit, so an oversized file reaches BlobStore.put's own check and fails
  // there, instead of busboy quietly cutting it to exactly 25 MB.
  fileSize: COMPOSE_MAX_FILE_BYTES + 1,
  files: 1,
  fields: 5,
  fieldSize: 1024,
  parts: 6,
  headerPairs: 50,
};

/** Bytes that arrived whole and passed every check; the blob is held until its row commits. */
export interface ReceivedFile {
  hash: string;
  size: number;
  filename: string;
  contentType: string;
}

function errorCode(error: unknown): string | undefined {
  return typeof error === 'object' && error !== null && 'code' in error ? String(error.code) : undefined;
}

/** Multipart and storage failures as the answers of SPEC §8. */
function asUploadError(error: unknown): unknown {
  if (error instanceof AppError) return error;
  if (error instanceof BlobTooLargeError) return attachmentTooLarge();
  if (error instanceof ContentRefusedError) return contentRefused(error.reason, error.extension);
  switch (errorCode(error)) {
    case 'FST_REQ_FILE_TOO_LARGE':
      return attachmentTooLarge();
    case 'FST_FILES_LIMIT':
      return oneFilePerUpload();
    case 'FST_PARTS_LIMIT':
    case 'FST_FIELDS_LIMIT':
      return invalidField('tooManyItems', UPLOAD_LIMITS.fields);
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
      return uploadNeedsMultipart();
    case 'FST_MULTIPART_PREMATURE_CLOSE':
    case 'ERR_STREAM_PREMATURE_CLOSE':
    case 'ECONNRESET':
      return uploadInterrupted();
  }
  if (
    error instanceof Error &&
    /Unexpected end of (form|multipart data)|terminated early/.test(error.message)
  ) {
    return uploadInterrupted();
  }
  return error;
}

/** Streams one file part through the checks into the blob store. */
async function receiveFile(
  deps: AttachmentDeps,
  part: MultipartFile,
  rules: FileRules,
): Promise<ReceivedFile> {
  const filename = sanitizeFileName(part.filename ?? '');
  const declaredType = part.mimetype ?? '';
  // Name and declared type first, before a byte is written; the size is checked while streaming.
  if (checkComposeFile({ name: filename, type: declaredType, size: 1 }, rules) !== null) {
    part.file.destroy();
    throw fileTypeNotAllowed(rules.allowedExtensions);
  }
  const inspector = new ContentInspector(filename, declaredType, rules.allowedExtensions);
  // put() sees the source's failures (a cut connection) through the inspector and cleans up.
  const checked = pipeline(part.file, inspector, () => undefined);
  const blob = await deps.blobStore.put(checked, { maxBytes: COMPOSE_MAX_FILE_BYTES });
  const verdict = inspector.verdict;
  if (part.file.truncated || !verdict) {
    await releaseHeldBlob(deps, blob.hash, true);
    throw part.file.truncated ? attachmentTooLarge() : emptyFile();
  }
  return { hash: blob.hash, size: blob.size, filename, contentType: verdict.contentType };
}

/**
 * Reads the multipart body of POST /attachments/upload: the file (stored while it streams) and the
 * text fields, which may come before or after it. Nothing stays stored when this throws.
 */
export async function receiveUpload(
  deps: AttachmentDeps,
  request: FastifyRequest,
  rules: FileRules,
): Promise<{ file: ReceivedFile; fields: Record<string, string> }> {
  const fields: Record<string, string> = {};
  let file: ReceivedFile | undefined;
  try {
    if (!request.isMultipart()) throw uploadNeedsMultipart();
    for await (const part of request.parts({ limits: UPLOAD_LIMITS })) {
      if (part.type === 'field') {
        fields[part.fieldname] = String(part.value);
      } else {
        file = await receiveFile(deps, part, rules);
      }
    }
  } catch (error) {
    if (file) await releaseHeldBlob(deps, file.hash, true);
    throw asUploadError(error);
  }
  if (!file) throw noFileInUpload();
  return { file, fields };
}

/** The row of a received file, on the user's draft when messageId names one. */
export async function recordUpload(
  deps: AttachmentDeps,
  userId: number,
  file: ReceivedFile,
  fields: Record<string, string>,
): Promise<AttachmentRow> {
  let committed = false;
  try {
    const parsed = uploadAttachmentFieldsSchema.safeParse({ messageId: fields.messageId });
    if (!parsed.success) throw invalidField('invalidId');
    const messageId = parsed.data.messageId ?? null;
    const row = await deps.database.transaction(async (tx) => {
      let filename = file.filename;
      if (messageId !== null) {
        const message = await findUserMessage(tx, userId, messageId);
        if (!message) throw messageNotFound();
        if (!message.isDraft) throw onlyDraftsTakeUploads();
        const present = await attachmentsOfMessages(tx, [messageId]);
        filename = uniqueFileName(
          filename,
          present.map((a) => a.originalFilename),
        );
      }
      const [inserted] = await insertAttachments(tx, [
        {
          userId,
          messageId,
          contentHash: file.hash,
          sizeBytes: file.size,
          originalFilename: filename,
          contentType: file.contentType,
        },
      ]);
      await refreshAttachmentCounts(tx, [messageId]);
      return inserted!;
    });
    committed = true;
    return row;
  } finally {
    await releaseHeldBlob(deps, file.hash, !committed);
  }
}
