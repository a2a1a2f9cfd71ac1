import { z } from 'zod';
import { pageQuerySchema } from './common.js';
import { API_BASE_PATH, SEARCH_KEYWORD_MAX } from './limits.js';
import { queryIdSchema, queryText } from './request-fields.js';

/** An attachment as the API shows it (SPEC §3). */
export const attachmentSchema = z.object({
  id: z.number().int(),
  originalFilename: z.string(),
  /** Same name as originalFilename; kept for clients that read these names. */
  filename: z.string(),
  displayName: z.string(),
  contentType: z.string(),
  sizeBytes: z.number().int().min(0),
  /** formatBytes of limits.ts: 1024 steps, one decimal. */
  formattedSize: z.string(),
  uploadedAt: z.string(),
  createdAt: z.string(),
  /** Null while uploaded for a message not yet sent. */
  messageId: z.number().int().nullable(),
  /** The cid of an inline image in an HTML body. */
  contentId: z.string().nullable(),
  isInline: z.boolean(),
  downloadUrl: z.string(),
});
export type Attachment = z.infer<typeof attachmentSchema>;

export function attachmentDownloadPath(id: number): string {
  return `${API_BASE_PATH}/attachments/${id}/download`;
}

/** Text fields of the multipart POST /attachments/upload besides the file. */
export const uploadAttachmentFieldsSchema = z.object({
  messageId: queryIdSchema,
});
export type UploadAttachmentFields = z.infer<typeof uploadAttachmentFieldsSchema>;

/**
 * GET /attachments/rules: what compose may attach on this server (ATTACHMENT_ALLOWED_TYPES, issue
 * 34). The web app's picker and its check before upload follow it; attachment-rules.ts turns the
 * extensions into the MIME types a browser declares.
 */
export const attachmentRulesSchema = z.object({
  allowedExtensions: z.array(z.string()),
  maxFileBytes: z.number().int().positive(),
  maxFiles: z.number().int().positive(),
});
export type AttachmentRules = z.infer<typeof attachmentRulesSchema>;

export const downloadUrlResponseSchema = z.object({ downloadUrl: z.string() });
export type DownloadUrlResponse = z.infer<typeof downloadUrlResponseSchema>;

/** GET /attachments and /attachments/search: keyword in the name; contentType 'image', 'image/*' or exact. */
export const attachmentListQuerySchema = pageQuerySchema.extend({
  keyword: queryText(SEARCH_KEYWORD_MAX),
  contentType: queryText(100),
});
export const attachmentSearchQuerySchema = attachmentListQuerySchema;
export type AttachmentListQuery = z.infer<typeof attachmentListQuerySchema>;
