import { z } from 'zod';
import { pageOf, pageQuerySchema, queryBoolean } from './common.js';
import type { Language } from './errors.js';
import { htmlToPlainText } from './html-text.js';
import {
  IMAGE_URL_MAX,
  SIGNATURE_CONTENT_MAX,
  SIGNATURE_HTML_MAX,
  SIGNATURE_NAME_FORBIDDEN,
  SIGNATURE_NAME_MAX,
} from './limits.js';
import { bulkIdsSchema, queryEnum, queryText, variableValuesSchema } from './request-fields.js';
import { messageKey } from './validation-messages.js';

/** Signatures (SPEC §3, §5): DTOs, requests and the plain-text length rule. */

export const SIGNATURE_TYPES = ['PERSONAL', 'BUSINESS'] as const;
export const signatureTypeSchema = z.enum(SIGNATURE_TYPES, { error: messageKey('invalidValue') });
export type SignatureType = z.infer<typeof signatureTypeSchema>;

/** signatureTypeDescription in the request's language. */
export const SIGNATURE_TYPE_DESCRIPTIONS: Record<SignatureType, Record<Language, string>> = {
  PERSONAL: { ko: '개인', en: 'Personal' },
  BUSINESS: { ko: '업무', en: 'Business' },
};

/** Characters a reader sees (code points, so an emoji is one), tags and entities resolved. */
export function htmlToPlainTextLength(html: string): number {
  return [...htmlToPlainText(html)].length;
}

export const signatureSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** HTML, sanitised on the server when stored (DESIGN.md 9). */
  content: z.string(),
  isDefault: z.boolean(),
  isActive: z.boolean(),
  signatureType: signatureTypeSchema,
  signatureTypeDescription: z.string(),
  includeImage: z.boolean(),
  imageUrl: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Signature = z.infer<typeof signatureSchema>;
export const signaturePageSchema = pageOf(signatureSchema);

/** Trimmed, required, at most 100, none of < > " / \ | ? * (SPEC §5). */
export const signatureNameSchema = z
  .string({ error: messageKey('signatureNameRequired') })
  .trim()
  .min(1, messageKey('signatureNameRequired'))
  .max(SIGNATURE_NAME_MAX, messageKey('tooLong', SIGNATURE_NAME_MAX))
  .refine((name) => !SIGNATURE_NAME_FORBIDDEN.test(name), messageKey('specialCharacters'));

/** HTML whose visible text is not blank (an image alone counts) and at most 2000 characters. */
export const signatureContentSchema = z
  .string({ error: messageKey('contentRequired') })
  .max(SIGNATURE_HTML_MAX, messageKey('tooLong', SIGNATURE_HTML_MAX))
  .superRefine((content, ctx) => {
    const length = htmlToPlainTextLength(content);
    if (length === 0 && !/<img\b/i.test(content)) {
      ctx.addIssue({ code: 'custom', message: messageKey('contentRequired') });
    } else if (length > SIGNATURE_CONTENT_MAX) {
      ctx.addIssue({ code: 'custom', message: messageKey('tooLong', SIGNATURE_CONTENT_MAX) });
    }
  });

/** An image a recipient's mail program can fetch: https and a real domain name. */
const imageUrlSchema = z.url({ protocol: /^https$/, hostname: z.regexes.domain });

/** POST /signatures and PUT /signatures/{id}. Without includeImage the imageUrl is dropped. */
export const signatureRequestSchema = z
  .object({
    name: signatureNameSchema,
    content: signatureContentSchema,
    signatureType: signatureTypeSchema.default('PERSONAL'),
    isDefault: z.boolean().default(false),
    isActive: z.boolean().default(true),
    includeImage: z.boolean().default(false),
    imageUrl: z.string().trim().max(IMAGE_URL_MAX, messageKey('invalidImageUrl')).nullable().optional(),
  })
  .superRefine((value, ctx) => {
    if (value.includeImage && !imageUrlSchema.safeParse(value.imageUrl).success) {
      ctx.addIssue({ code: 'custom', path: ['imageUrl'], message: messageKey('invalidImageUrl') });
    }
  })
  .transform((value) => ({
    ...value,
    imageUrl: value.includeImage ? (value.imageUrl ?? null) : null,
  }));
export type SignatureRequest = z.infer<typeof signatureRequestSchema>;
export type SignatureRequestInput = z.input<typeof signatureRequestSchema>;

/** GET /signatures: paged, filtered by isActive and type. */
export const signatureListQuerySchema = pageQuerySchema.extend({
  isActive: queryBoolean.optional(),
  /** isDefault=true: the default signature as a page of one, or an empty page when there is none. */
  isDefault: queryBoolean.optional(),
  signatureType: queryEnum(SIGNATURE_TYPES),
});

/** GET /signatures/type/{type} ('business' works too). */
export const signatureTypeParamsSchema = z.object({
  type: z.preprocess((v) => (typeof v === 'string' ? v.toUpperCase() : v), signatureTypeSchema),
});

/** PATCH /signatures/bulk/active. */
export const signatureBulkActiveRequestSchema = z.object({
  signatureIds: bulkIdsSchema,
  isActive: z.boolean({ error: messageKey('required') }),
});

/** DELETE /signatures/bulk. */
export const signatureBulkDeleteRequestSchema = z.object({ signatureIds: bulkIdsSchema });

/** POST /signatures/{id}/copy and /duplicate: without a name the server names the copy. */
export const signatureCopyRequestSchema = z.object({
  name: z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
    signatureNameSchema.optional(),
  ),
});

/** POST /signatures/preview: {{variables}} filled, then sanitised as stored content would be. */
export const signaturePreviewRequestSchema = z.object({
  content: z.string().max(SIGNATURE_HTML_MAX, messageKey('tooLong', SIGNATURE_HTML_MAX)),
  variables: variableValuesSchema,
});
export const signaturePreviewResponseSchema = z.object({ html: z.string() });
export type SignaturePreviewResponse = z.infer<typeof signaturePreviewResponseSchema>;

/** A ready-made signature with {{variables}} (GET /signatures/templates). */
export const signatureTemplateSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  category: z.string(),
  content: z.string(),
  variables: z.array(z.string()),
});
export type SignatureTemplate = z.infer<typeof signatureTemplateSchema>;

export const signatureTemplatesQuerySchema = z.object({ category: queryText(50) });

/** POST /signatures/templates/{id}/create. */
export const signatureFromTemplateRequestSchema = z.object({
  name: signatureNameSchema,
  variables: variableValuesSchema,
});
export type SignatureFromTemplateRequest = z.infer<typeof signatureFromTemplateRequestSchema>;

export const signatureStatisticsSchema = z.object({
  totalSignatures: z.number().int().min(0),
  activeSignatures: z.number().int().min(0),
  personalCount: z.number().int().min(0),
  businessCount: z.number().int().min(0),
  hasDefault: z.boolean(),
});
export type SignatureStatistics = z.infer<typeof signatureStatisticsSchema>;
