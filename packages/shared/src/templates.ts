import { z } from 'zod';
import { pageOf, pageQuerySchema, queryBoolean } from './common.js';
import {
  POPULAR_TEMPLATES_DEFAULT_LIMIT,
  POPULAR_TEMPLATES_MAX_LIMIT,
  SEARCH_KEYWORD_MAX,
} from './limits.js';
import { queryEnum, queryIdSchema, queryText } from './request-fields.js';
import { messageKey } from './validation-messages.js';

/** Message templates (SPEC §3): DTOs, queries and the {{variable}} rules. Requests: template-requests.ts. */

/** The built-in categories; custom ones exist only as category rows (categoryId). */
export const TEMPLATE_CATEGORY_CODES = ['GENERAL', 'BUSINESS', 'PERSONAL', 'SYSTEM'] as const;
export const templateCategoryCodeSchema = z.enum(TEMPLATE_CATEGORY_CODES, {
  error: messageKey('invalidValue'),
});
export type TemplateCategoryCode = z.infer<typeof templateCategoryCodeSchema>;

/** A template as the API shows it. content repeats bodyText for clients that read that name. */
export const templateSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  subject: z.string(),
  content: z.string(),
  bodyText: z.string(),
  bodyHtml: z.string().nullable(),
  /** JSON object text whose keys are the variable names, e.g. '{"name":"","date":""}'. */
  variables: z.string(),
  category: templateCategoryCodeSchema.nullable(),
  categoryId: z.number().int().nullable(),
  categoryName: z.string().nullable(),
  categoryColor: z.string().nullable(),
  isShared: z.boolean(),
  isActive: z.boolean(),
  usageCount: z.number().int().min(0),
  ownerId: z.number().int(),
  /** Shared templates of others are readable and usable, editable only by the owner (DESIGN.md 8). */
  isOwner: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Template = z.infer<typeof templateSchema>;

/** POST /templates/import: the templates made, in file order. */
export const templateImportResponseSchema = z.array(templateSchema);
export const templatePageSchema = pageOf(templateSchema);

export const templateCategorySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string().nullable(),
  color: z.string(),
  templateCount: z.number().int().min(0),
  /** The code of a built-in category; null for the user's own. */
  code: templateCategoryCodeSchema.nullable(),
});
export type TemplateCategory = z.infer<typeof templateCategorySchema>;

/** The answer of preview, apply and use: the filled subject and body. */
export const templateResultSchema = z.object({
  subject: z.string(),
  content: z.string(),
  missingVariables: z.array(z.string()),
});
export type TemplateResult = z.infer<typeof templateResultSchema>;

/** GET /templates/{id}/variables. */
export const templateVariablesResponseSchema = z.object({ variables: z.array(z.string()) });

/** GET /templates/system-variables: names the server fills by itself (today, user name...). */
export const systemVariableSchema = z.object({
  name: z.string(),
  description: z.string(),
  example: z.string(),
});
export const systemVariablesResponseSchema = z.array(systemVariableSchema);
export type SystemVariable = z.infer<typeof systemVariableSchema>;

export const templateStatisticsSchema = z.object({
  totalTemplates: z.number().int().min(0),
  activeTemplates: z.number().int().min(0),
  sharedTemplates: z.number().int().min(0),
  totalUsage: z.number().int().min(0),
  byCategory: z.array(
    z.object({
      categoryId: z.number().int().nullable(),
      categoryName: z.string(),
      count: z.number().int().min(0),
    }),
  ),
  mostUsed: z.array(
    z.object({ id: z.number().int(), name: z.string(), usageCount: z.number().int().min(0) }),
  ),
});
export type TemplateStatistics = z.infer<typeof templateStatisticsSchema>;

/** GET /templates and /templates/search (page and size default 0 and 20). */
export const templateListQuerySchema = pageQuerySchema.extend({
  isActive: queryBoolean.optional(),
  category: queryEnum(TEMPLATE_CATEGORY_CODES),
  categoryId: queryIdSchema,
  keyword: queryText(SEARCH_KEYWORD_MAX),
});
export const templateSearchQuerySchema = templateListQuerySchema;
export type TemplateListQuery = z.infer<typeof templateListQuerySchema>;

/** GET /templates/popular?limit. */
export const popularTemplatesQuerySchema = z.object({
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(POPULAR_TEMPLATES_MAX_LIMIT)
    .default(POPULAR_TEMPLATES_DEFAULT_LIMIT),
});
