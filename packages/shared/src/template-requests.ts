import { z } from 'zod';
import {
  DEFAULT_CATEGORY_COLOR,
  TEMPLATE_BODY_MAX,
  TEMPLATE_CATEGORY_DESCRIPTION_MAX,
  TEMPLATE_CATEGORY_NAME_MAX,
  TEMPLATE_HTML_MAX,
  TEMPLATE_IMPORT_MAX,
  TEMPLATE_NAME_MAX,
  TEMPLATE_SUBJECT_MAX,
} from './limits.js';
import {
  bodyIdSchema,
  bulkIdsSchema,
  optionalText,
  requiredText,
  variableValuesSchema,
} from './request-fields.js';
import { templateCategoryCodeSchema } from './templates.js';
import { findInvalidTemplateVariables } from './template-variables.js';
import { messageKey } from './validation-messages.js';

/** Request bodies of the template calls (SPEC §5 "Template", §7 "Templates"). */

const templateFields = {
  name: requiredText(TEMPLATE_NAME_MAX, 'nameRequired'),
  subject: requiredText(TEMPLATE_SUBJECT_MAX, 'subjectRequired'),
  /** The body; `content` is accepted as another name for it (the template modal's field). */
  bodyText: z.string().optional(),
  content: z.string().optional(),
  bodyHtml: z.string().max(TEMPLATE_HTML_MAX, messageKey('tooLong', TEMPLATE_HTML_MAX)).nullable().optional(),
  /** A built-in category by code, or any category by id; categoryId wins when both are given. */
  category: templateCategoryCodeSchema.nullable().optional(),
  categoryId: bodyIdSchema.nullable().optional(),
  isShared: z.boolean().default(false),
  isActive: z.boolean().default(true),
};

interface TemplateTexts {
  subject: string;
  bodyText?: string | undefined;
  content?: string | undefined;
  bodyHtml?: string | null | undefined;
}

/** Body required and at most TEMPLATE_BODY_MAX; every {{...}} in subject and bodies is {{word}}. */
function checkTemplateTexts(value: TemplateTexts, ctx: z.RefinementCtx): void {
  // Report on the field the client used, so its form can show the message beside it.
  const bodyField = value.bodyText === undefined && value.content !== undefined ? 'content' : 'bodyText';
  const body = value.bodyText ?? value.content ?? '';
  const report = (field: string, message: string) => ctx.addIssue({ code: 'custom', path: [field], message });
  if (body.trim() === '') report(bodyField, messageKey('bodyRequired'));
  if (body.length > TEMPLATE_BODY_MAX) report(bodyField, messageKey('tooLong', TEMPLATE_BODY_MAX));
  const texts: [string, string][] = [
    ['subject', value.subject],
    [bodyField, body],
    ['bodyHtml', value.bodyHtml ?? ''],
  ];
  for (const [field, text] of texts) {
    for (const bad of findInvalidTemplateVariables(text)) {
      report(field, messageKey('invalidVariable', bad));
    }
  }
}

/** One body field out: bodyText (content folded into it). */
function foldBody<T extends { bodyText?: string | undefined; content?: string | undefined }>({
  bodyText,
  content,
  ...rest
}: T): Omit<T, 'bodyText' | 'content'> & { bodyText: string } {
  return { ...rest, bodyText: bodyText ?? content ?? '' };
}

/** POST /templates and PUT /templates/{id}. */
export const templateRequestSchema = z
  .object(templateFields)
  .superRefine(checkTemplateTexts)
  .transform(foldBody);
export type TemplateRequest = z.infer<typeof templateRequestSchema>;
export type TemplateRequestInput = z.input<typeof templateRequestSchema>;

/** GET /templates/{id}/export: what a template file holds; no ids or owner. */
export const templateExportSchema = z.object({
  name: z.string(),
  subject: z.string(),
  bodyText: z.string(),
  bodyHtml: z.string().nullable(),
  category: templateCategoryCodeSchema.nullable(),
  categoryName: z.string().nullable(),
  variables: z.string(),
  isShared: z.boolean(),
  isActive: z.boolean(),
});
export type TemplateExport = z.infer<typeof templateExportSchema>;

/** One imported template: the export shape, checked by the same rules as a new template. */
export const templateImportItemSchema = z
  .object(
    {
      ...templateFields,
      categoryName: z.string().trim().max(TEMPLATE_CATEGORY_NAME_MAX).nullable().optional(),
      /** Recomputed from the texts on import; accepted so an exported file goes back in as is. */
      variables: z.string().optional(),
    },
    { error: messageKey('invalidTemplate') },
  )
  .superRefine(checkTemplateTexts)
  .transform(foldBody);

/** POST /templates/import: one template or an array of them; the output is always an array. */
export const templateImportRequestSchema = z.preprocess(
  (value) => (Array.isArray(value) ? value : [value]),
  z
    .array(templateImportItemSchema)
    .min(1, messageKey('invalidTemplate'))
    .max(TEMPLATE_IMPORT_MAX, messageKey('tooManyItems', TEMPLATE_IMPORT_MAX)),
);
export type TemplateImportRequest = z.infer<typeof templateImportRequestSchema>;

const HEX_COLOR = /^#[0-9a-fA-F]{6}$/;

/** POST /templates/categories and PUT /templates/categories/{id}. */
export const templateCategoryRequestSchema = z.object({
  name: requiredText(TEMPLATE_CATEGORY_NAME_MAX, 'nameRequired'),
  description: optionalText(TEMPLATE_CATEGORY_DESCRIPTION_MAX),
  color: z.string().trim().regex(HEX_COLOR, messageKey('invalidColor')).default(DEFAULT_CATEGORY_COLOR),
});
export type TemplateCategoryRequest = z.infer<typeof templateCategoryRequestSchema>;

/** POST /templates/apply and /templates/use (the latter counts a use). */
export const templateUseRequestSchema = z.object({
  templateId: bodyIdSchema,
  variableValues: variableValuesSchema,
});
export type TemplateUseRequest = z.infer<typeof templateUseRequestSchema>;

/**
 * POST /templates/preview: a saved template by id, or texts not saved yet (the modal); texts
 * given override the saved ones.
 */
export const templatePreviewRequestSchema = z
  .object({
    templateId: bodyIdSchema.optional(),
    subject: z.string().max(TEMPLATE_SUBJECT_MAX, messageKey('tooLong', TEMPLATE_SUBJECT_MAX)).optional(),
    content: z.string().max(TEMPLATE_BODY_MAX, messageKey('tooLong', TEMPLATE_BODY_MAX)).optional(),
    variableValues: variableValuesSchema,
  })
  .refine((value) => value.templateId !== undefined || value.content !== undefined, {
    path: ['content'],
    message: messageKey('bodyRequired'),
  });
export type TemplatePreviewRequest = z.infer<typeof templatePreviewRequestSchema>;

/** POST /templates/{id}/copy: without a name the server names the copy. */
export const templateCopyRequestSchema = z.object({ name: optionalText(TEMPLATE_NAME_MAX) });

/** PATCH /templates/bulk/active. */
export const templateBulkActiveRequestSchema = z.object({
  templateIds: bulkIdsSchema,
  isActive: z.boolean({ error: messageKey('required') }),
});

/** PATCH /templates/bulk/category: a built-in code or a category id (null: no category). */
export const templateBulkCategoryRequestSchema = z
  .object({
    templateIds: bulkIdsSchema,
    category: templateCategoryCodeSchema.optional(),
    categoryId: bodyIdSchema.nullable().optional(),
  })
  .refine((value) => value.category !== undefined || value.categoryId !== undefined, {
    path: ['category'],
    message: messageKey('categoryRequired'),
  });

/** DELETE /templates/bulk. */
export const templateBulkDeleteRequestSchema = z.object({ templateIds: bulkIdsSchema });
