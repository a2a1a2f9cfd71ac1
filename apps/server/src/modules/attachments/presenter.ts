import { attachmentDownloadPath, type Attachment } from '@postline/shared/attachments';
import { formatBytes } from '@postline/shared/limits';
import type { AttachmentRow } from '../../db/schema/attachments.js';

/** Row -> the attachment of SPEC §3; the same shape everywhere (lists, messages, uploads). */
export function presentAttachment(row: AttachmentRow): Attachment {
  const createdAt = row.createdAt.toISOString();
  return {
    id: row.id,
    originalFilename: row.originalFilename,
    filename: row.originalFilename,
    displayName: row.originalFilename,
    contentType: row.contentType,
    sizeBytes: row.sizeBytes,
    formattedSize: formatBytes(row.sizeBytes),
    uploadedAt: createdAt,
    createdAt,
    messageId: row.messageId,
    contentId: row.contentId,
    isInline: row.isInline,
    downloadUrl: attachmentDownloadPath(row.id),
  };
}
