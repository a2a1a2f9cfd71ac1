/**
 * Reading a filter create/update/import request (SPEC §3 both shapes, §5 rules) into the one
 * normalised FilterRequest the server works with; the web forms validate with the same schemas.
 */
import { z } from 'zod';
import type { FilterValidationKey } from './filter-messages.js';
import {
  ACTIONS_NEEDING_VALUE,
  CASE_AND_REGEX_OPTION_TYPES,
  FILTER_ACTIONS_MAX,
  FILTER_AUTO_REPLY_MAX,
  FILTER_CONDITIONS_MAX,
  FILTER_DESCRIPTION_MAX,
  FILTER_IMPORT_MAX,
  FILTER_LABEL_MAX,
  FILTER_NAME_MAX,
  FILTER_VALUE_MAX,
  IMPORTANCE_LEVELS,
  SENDER_CHECK_VALUES,
  OPERATORS_BY_CONDITION_TYPE,
  VALUELESS_OPERATORS,
  actionTypeSchema,
  approximateRegexCheck,
  canonicalActionType,
  conditionTypeSchema,
  normalizedFilterRequestSchema,
  operatorSchema,
  type ActionType,
  type FilterAction,
  type FilterCondition,
  type FilterRequest,
  type Operator,
  type RegexValidator,
} from './filters.js';
import { EMAIL_PATTERN } from './limits.js';
const rawValue = z.union([z.string(), z.number(), z.boolean()]).nullish();
const conditionInputSchema = z.object({
  id: z.number().int().positive().optional(),
  conditionType: conditionTypeSchema,
  operator: operatorSchema,
  value: rawValue,
  caseSensitive: z.boolean().optional(),
  isRegex: z.boolean().optional(),
});
const actionInputSchema = z.object({
  id: z.number().int().positive().optional(),
  actionType: actionTypeSchema,
  actionValue: rawValue,
  sortOrder: z.number().int().min(0).optional(),
});
const filterRequestInputSchema = z.object({
  name: z.string({ error: 'nameRequired' }),
  description: z.string().nullish(),
  isActive: z.boolean().optional(),
  applyToExisting: z.boolean().optional(),
  priority: z.number().int().min(0).optional(),
  conditions: z.array(conditionInputSchema, { error: 'conditionsRequired' }),
  actions: z.array(actionInputSchema, { error: 'actionsRequired' }),
});
export type FilterRequestInput = z.input<typeof filterRequestInputSchema>;

/** The older request shape (SPEC §3): criteria with field, actions with type and value. */
export const LEGACY_CRITERIA_FIELDS = ['SUBJECT', 'FROM', 'TO', 'BODY', 'HAS_ATTACHMENT'] as const;
export interface LegacyFilterRequest {
  name: string;
  description?: string | null;
  isActive?: boolean;
  applyToExisting?: boolean;
  priority?: number;
  criteria: Array<{ field: (typeof LEGACY_CRITERIA_FIELDS)[number]; operator: Operator; value?: string }>;
  actions: Array<{ type: ActionType; value?: string | null }>;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Rewrites the older shape (criteria; actions with type/value) into the current one, entry by entry,
 * so a request may even mix both; `conditions`, when present, win over `criteria`. Anything else
 * passes through for the schema to judge.
 */
export function upgradeLegacyFilterShape(raw: unknown): unknown {
  if (!isRecord(raw)) return raw;
  const out: Record<string, unknown> = { ...raw };
  if (out.conditions === undefined && Array.isArray(raw.criteria)) {
    out.conditions = raw.criteria.map((c: unknown) =>
      isRecord(c) && c.conditionType === undefined
        ? { conditionType: c.field, operator: c.operator, value: c.value }
        : c,
    );
  }
  delete out.criteria;
  if (Array.isArray(raw.actions)) {
    out.actions = raw.actions.map((a: unknown) =>
      isRecord(a) && a.actionType === undefined && a.type !== undefined
        ? { actionType: a.type, actionValue: a.value }
        : a,
    );
  }
  return out;
}

function toValueText(value: string | number | boolean | null | undefined): string {
  return value === null || value === undefined ? '' : String(value);
}

type ParsedCondition = z.output<typeof conditionInputSchema>;
function normalizeCondition(c: ParsedCondition): FilterCondition {
  let operator = c.operator;
  let value = toValueText(c.value);
  // The older form sent HAS_ATTACHMENT as EQUALS true/false.
  const flag = /^(true|yes|1|false|no|0)$/i.exec(value.trim())?.[0];
  if (c.conditionType === 'HAS_ATTACHMENT' && flag && (operator === 'EQUALS' || operator === 'NOT_EQUALS')) {
    const yes = /^(true|yes|1)$/i.test(flag) === (operator === 'EQUALS');
    operator = yes ? 'EXISTS' : 'NOT_EXISTS';
  }
  if (VALUELESS_OPERATORS.includes(operator) || c.conditionType === 'HAS_ATTACHMENT') value = '';
  if (c.conditionType === 'IMPORTANCE' || c.conditionType === 'SIZE' || c.conditionType === 'SENDER_CHECK') {
    value = value.trim().toUpperCase();
  }
  const options = CASE_AND_REGEX_OPTION_TYPES.includes(c.conditionType);
  return {
    ...(c.id === undefined ? {} : { id: c.id }),
    conditionType: c.conditionType,
    operator,
    value,
    caseSensitive: options && (c.caseSensitive ?? false),
    isRegex: options && (c.isRegex ?? false),
  };
}

/** Normalises a parsed request: defaults, trimmed name, canonical action names, dense sortOrder. */
export function normalizeFilterRequest(input: z.output<typeof filterRequestInputSchema>): FilterRequest {
  const description = input.description?.trim();
  const actions = input.actions
    .map((a, index) => ({ a, order: a.sortOrder ?? index }))
    .sort((x, y) => x.order - y.order)
    .map(({ a }, sortOrder): FilterAction => {
      const actionType = canonicalActionType(a.actionType);
      const value = toValueText(a.actionValue).trim();
      return {
        ...(a.id === undefined ? {} : { id: a.id }),
        actionType,
        actionValue: ACTIONS_NEEDING_VALUE[actionType] && value ? value : null,
        sortOrder,
      };
    });
  return {
    name: input.name.trim(),
    ...(description ? { description } : {}),
    isActive: input.isActive ?? true,
    applyToExisting: input.applyToExisting ?? false,
    ...(input.priority === undefined ? {} : { priority: input.priority }),
    conditions: input.conditions.map(normalizeCondition),
    actions,
  };
}

interface IssueSink {
  addIssue(issue: {
    code: 'custom';
    path: PropertyKey[];
    message: string;
    params?: Record<string, unknown>;
  }): void;
}

function checkCondition(c: FilterCondition, i: number, sink: IssueSink, validateRegex: RegexValidator) {
  const at = (field: string, key: FilterValidationKey, params?: Record<string, unknown>) =>
    sink.addIssue({
      code: 'custom',
      path: ['conditions', i, field],
      message: key,
      ...(params ? { params } : {}),
    });
  if (!OPERATORS_BY_CONDITION_TYPE[c.conditionType].includes(c.operator))
    return at('operator', 'operatorNotAllowed');
  if (VALUELESS_OPERATORS.includes(c.operator) || c.conditionType === 'HAS_ATTACHMENT') return;
  if (c.value.trim() === '') return at('value', 'valueRequired');
  if (c.value.length > FILTER_VALUE_MAX) return at('value', 'valueTooLong');
  if (c.conditionType === 'SIZE' && !/^\d+(\.\d+)?$/.test(c.value)) return at('value', 'sizeNotNumeric');
  if (c.conditionType === 'IMPORTANCE' && !(IMPORTANCE_LEVELS as readonly string[]).includes(c.value)) {
    return at('value', 'importanceInvalid');
  }
  if (c.conditionType === 'SENDER_CHECK' && !(SENDER_CHECK_VALUES as readonly string[]).includes(c.value)) {
    return at('value', 'senderCheckInvalid');
  }
  if (c.operator === 'REGEX' || c.isRegex) {
    const problem = validateRegex(c.value);
    if (problem !== null) at('value', 'invalidRegex', { detail: problem });
  }
}

function checkAction(a: FilterAction, i: number, sink: IssueSink) {
  const at = (key: FilterValidationKey) =>
    sink.addIssue({ code: 'custom', path: ['actions', i, 'actionValue'], message: key });
  const kind = ACTIONS_NEEDING_VALUE[a.actionType];
  if (!kind) return;
  if (!a.actionValue) return at('actionValueRequired');
  if (kind === 'email' && !EMAIL_PATTERN.test(a.actionValue)) return at('invalidEmail');
  if (kind === 'label' && a.actionValue.length > FILTER_LABEL_MAX) return at('actionValueTooLong');
  if (kind === 'replyText' && a.actionValue.length > FILTER_AUTO_REPLY_MAX) return at('actionValueTooLong');
  if (kind === 'mailboxId' && a.actionValue.length > 100) return at('actionValueTooLong');
}

/** Cross-field rules of SPEC §5, reported with paths such as `conditions.0.operator`. */
export function checkFilterRequest(f: FilterRequest, sink: IssueSink, validateRegex: RegexValidator): void {
  const at = (path: PropertyKey[], key: FilterValidationKey) =>
    sink.addIssue({ code: 'custom', path, message: key });
  if (f.name === '') at(['name'], 'nameRequired');
  else if (f.name.length > FILTER_NAME_MAX) at(['name'], 'nameTooLong');
  if ((f.description?.length ?? 0) > FILTER_DESCRIPTION_MAX) at(['description'], 'descriptionTooLong');
  if (f.conditions.length === 0) at(['conditions'], 'conditionsRequired');
  if (f.conditions.length > FILTER_CONDITIONS_MAX) at(['conditions'], 'tooManyConditions');
  if (f.actions.length === 0) at(['actions'], 'actionsRequired');
  if (f.actions.length > FILTER_ACTIONS_MAX) at(['actions'], 'tooManyActions');
  f.conditions.forEach((c, i) => checkCondition(c, i, sink, validateRegex));
  f.actions.forEach((a, i) => checkAction(a, i, sink));
}

export interface FilterSchemaOptions {
  /** The server passes RE2's check; the default is approximateRegexCheck. */
  validateRegex?: RegexValidator;
}

/** POST /filters and PUT /filters/{id}: either request shape in, FilterRequest out. */
export function makeFilterRequestSchema(options: FilterSchemaOptions = {}) {
  const validateRegex = options.validateRegex ?? approximateRegexCheck;
  return z
    .preprocess(upgradeLegacyFilterShape, filterRequestInputSchema)
    .transform(normalizeFilterRequest)
    .pipe(normalizedFilterRequestSchema.superRefine((f, ctx) => checkFilterRequest(f, ctx, validateRegex)));
}
export const filterRequestSchema = makeFilterRequestSchema();

/** The export file (GET /filters/{id}/export) and what POST /filters/import accepts. */
export const filterExportFileSchema = z.object({
  version: z.literal(1),
  exportedAt: z.string().optional(),
  filters: z.array(normalizedFilterRequestSchema),
});
export type FilterExportFile = z.infer<typeof filterExportFileSchema>;

/**
 * Import accepts the export file, a bare array of filters, or one filter object (either request
 * shape); all come out as a FilterExportFile with issue paths like `filters.0.name`.
 */
export function makeFilterImportFileSchema(options: FilterSchemaOptions = {}) {
  const file = z.object({
    version: z.literal(1, { error: 'invalidImportFile' }),
    exportedAt: z.string().optional(),
    filters: z
      .array(makeFilterRequestSchema(options), { error: 'invalidImportFile' })
      .min(1, 'invalidImportFile')
      .max(FILTER_IMPORT_MAX, 'invalidImportFile'),
  });
  return z.preprocess((raw) => {
    if (Array.isArray(raw)) return { version: 1, filters: raw };
    if (isRecord(raw) && raw.filters === undefined && typeof raw.name === 'string') {
      return { version: 1, filters: [raw] };
    }
    return raw;
  }, file);
}
export const filterImportFileSchema = makeFilterImportFileSchema();
