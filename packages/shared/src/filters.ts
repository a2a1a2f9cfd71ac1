/**
 * The filters contract (SPEC §3 Filter, §5 filter form, §7 Filters; DESIGN.md loose ends 5 and 6).
 * Server and web validate with the same schemas; validation messages are keys whose ko/en text
 * is FILTER_VALIDATION_MESSAGES in filter-messages.ts; the test modal's samples are in filter-samples.ts.
 */
import { z } from 'zod';
import { idSchema } from './common.js';
import type { Language } from './errors.js';
import { EMAIL_PATTERN, TEMPLATE_BODY_MAX } from './limits.js';
import type { FilterValidationKey } from './filter-messages.js';

export type LocalizedText = Record<Language, string>;

export const CONDITION_TYPES = [
  'SUBJECT',
  'FROM',
  'TO',
  'CC',
  'BCC',
  'BODY',
  'HAS_ATTACHMENT',
  'ATTACHMENT',
  'IMPORTANCE',
  'SIZE',
] as const;
export type ConditionType = (typeof CONDITION_TYPES)[number];

export const OPERATORS = [
  'CONTAINS',
  'NOT_CONTAINS',
  'EQUALS',
  'NOT_EQUALS',
  'STARTS_WITH',
  'ENDS_WITH',
  'REGEX',
  'GREATER_THAN',
  'LESS_THAN',
  'EXISTS',
  'NOT_EXISTS',
] as const;
export type Operator = (typeof OPERATORS)[number];

export const ACTION_TYPES = [
  'MOVE_TO_FOLDER',
  'MARK_READ',
  'MARK_AS_READ',
  'MARK_UNREAD',
  'MARK_STARRED',
  'MARK_AS_STARRED',
  'UNSTAR',
  'DELETE',
  'ADD_LABEL',
  'FORWARD',
  'AUTO_REPLY',
  'MARK_SPAM',
  'NOT_SPAM',
  'SKIP_INBOX',
  'STOP_PROCESSING',
] as const;
export type ActionType = (typeof ACTION_TYPES)[number];

export const IMPORTANCE_LEVELS = ['LOW', 'NORMAL', 'HIGH'] as const;
export type Importance = (typeof IMPORTANCE_LEVELS)[number];

export const FILTER_NAME_MAX = 100;
export const FILTER_DESCRIPTION_MAX = 500;
export const FILTER_CONDITIONS_MAX = 20;
export const FILTER_ACTIONS_MAX = 20;
/** Condition values, regex patterns included. */
export const FILTER_VALUE_MAX = 1000;
export const FILTER_LABEL_MAX = 50;
export const FILTER_AUTO_REPLY_MAX = TEMPLATE_BODY_MAX;
/** Filters in one import file, and ids in one bulk or priority request. */
export const FILTER_IMPORT_MAX = 200;
export const FILTER_BULK_MAX = 500;
export const FILTER_SAMPLE_BODY_MAX = 100_000;
/** An AUTO_REPLY value of `template:<id>` answers with that template instead of literal text. */
export const AUTO_REPLY_TEMPLATE_PREFIX = 'template:';

const TEXT_OPERATORS = OPERATORS.filter((op) => op !== 'GREATER_THAN' && op !== 'LESS_THAN');

/** SPEC §5 "Condition operators by type". HAS_ATTACHMENT also takes NOT_EXISTS (SPEC §3). */
export const OPERATORS_BY_CONDITION_TYPE: Readonly<Record<ConditionType, readonly Operator[]>> = {
  SUBJECT: TEXT_OPERATORS,
  FROM: TEXT_OPERATORS,
  TO: TEXT_OPERATORS,
  CC: TEXT_OPERATORS,
  BCC: TEXT_OPERATORS,
  BODY: TEXT_OPERATORS,
  ATTACHMENT: TEXT_OPERATORS,
  HAS_ATTACHMENT: ['EXISTS', 'NOT_EXISTS'],
  IMPORTANCE: ['EQUALS', 'NOT_EQUALS'],
  SIZE: ['GREATER_THAN', 'LESS_THAN', 'EQUALS'],
};

/** Operators that take no value. */
export const VALUELESS_OPERATORS: readonly Operator[] = ['EXISTS', 'NOT_EXISTS'];

/** Types that show the case-sensitive and regex options (SPEC §5). */
export const CASE_AND_REGEX_OPTION_TYPES: readonly ConditionType[] = [
  'FROM',
  'TO',
  'CC',
  'BCC',
  'SUBJECT',
  'BODY',
  'ATTACHMENT',
];

/** What an action's value holds; actions absent here take no value. */
export type ActionValueKind = 'mailboxId' | 'label' | 'email' | 'replyText';
export const ACTIONS_NEEDING_VALUE: Readonly<Partial<Record<ActionType, ActionValueKind>>> = {
  MOVE_TO_FOLDER: 'mailboxId',
  ADD_LABEL: 'label',
  FORWARD: 'email',
  AUTO_REPLY: 'replyText',
};

/** Older names kept on input; requests are normalised to the canonical name. */
export const ACTION_TYPE_ALIASES: Readonly<Partial<Record<ActionType, ActionType>>> = {
  MARK_AS_READ: 'MARK_READ',
  MARK_AS_STARRED: 'MARK_STARRED',
};
export function canonicalActionType(type: ActionType): ActionType {
  return ACTION_TYPE_ALIASES[type] ?? type;
}

export const LABEL_SUGGESTIONS = ['important', 'work', 'personal', 'project', 'urgent', 'meeting'] as const;
/** Actions the form shows a warning for (SPEC §5). */
export const WARNING_ACTIONS: readonly ActionType[] = ['DELETE', 'MARK_SPAM'];

/** Checks a pattern; returns a description of the problem or null when it compiles. */
export type RegexValidator = (pattern: string) => string | null;

/**
 * A browser-side approximation of RE2 syntax: refuses what RE2 lacks (lookaround, backreferences)
 * and what JS cannot parse. The server validates with real RE2 and is authoritative.
 */
export const approximateRegexCheck: RegexValidator = (pattern) => {
  if (/\(\?<?[=!]/.test(pattern)) return 'lookaround is not supported';
  if (/(^|[^\\])\\[1-9]/.test(pattern)) return 'backreferences are not supported';
  try {
    new RegExp(pattern.replace(/^\(\?[imsU]+\)/, ''));
    return null;
  } catch (error) {
    return error instanceof Error ? error.message : 'invalid pattern';
  }
};

export const conditionTypeSchema = z.enum(CONDITION_TYPES, { error: 'conditionTypeInvalid' });
export const operatorSchema = z.enum(OPERATORS, { error: 'operatorNotAllowed' });
export const actionTypeSchema = z.enum(ACTION_TYPES, { error: 'actionTypeInvalid' });
export const importanceSchema = z.enum(IMPORTANCE_LEVELS, { error: 'importanceInvalid' });

/** A condition as stored and returned (the normalised shape). */
export const filterConditionSchema = z.object({
  id: z.number().int().positive().optional(),
  conditionType: conditionTypeSchema,
  operator: operatorSchema,
  value: z.string(),
  caseSensitive: z.boolean(),
  isRegex: z.boolean(),
});
export type FilterCondition = z.infer<typeof filterConditionSchema>;

export const filterActionSchema = z.object({
  id: z.number().int().positive().optional(),
  actionType: actionTypeSchema,
  actionValue: z.string().nullable(),
  sortOrder: z.number().int().min(0),
});
export type FilterAction = z.infer<typeof filterActionSchema>;

/** A create or update request after normalisation: the one shape the server works with. */
export const normalizedFilterRequestSchema = z.object({
  name: z.string(),
  description: z.string().optional(),
  isActive: z.boolean(),
  applyToExisting: z.boolean(),
  priority: z.number().int().min(0).optional(),
  conditions: z.array(filterConditionSchema),
  actions: z.array(filterActionSchema),
});
export type FilterRequest = z.infer<typeof normalizedFilterRequestSchema>;

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
  if (c.conditionType === 'IMPORTANCE' || c.conditionType === 'SIZE') value = value.trim().toUpperCase();
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
export interface FilterExportFile {
  version: 1;
  exportedAt?: string;
  filters: FilterRequest[];
}

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

export const filterDtoSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string().nullable(),
  isActive: z.boolean(),
  applyToExisting: z.boolean(),
  priority: z.number().int(),
  conditionCount: z.number().int(),
  actionCount: z.number().int(),
  conditions: z.array(filterConditionSchema),
  actions: z.array(filterActionSchema),
  stats: z.object({ executionCount: z.number().int(), lastExecuted: z.string().nullable() }),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type FilterDto = z.infer<typeof filterDtoSchema>;

export const filterPriorityUpdateSchema = z
  .array(z.object({ filterId: idSchema, newPriority: z.number().int().min(0) }))
  .min(1)
  .max(FILTER_BULK_MAX);
export type FilterPriorityUpdate = z.infer<typeof filterPriorityUpdateSchema>;

export const filterBulkStatusRequestSchema = z.object({
  filterIds: z.array(idSchema).min(1).max(FILTER_BULK_MAX),
  isActive: z.boolean(),
});
export type FilterBulkStatusRequest = z.infer<typeof filterBulkStatusRequestSchema>;

export const filterCopyRequestSchema = z.object({
  name: z.string().trim().min(1, 'nameRequired').max(FILTER_NAME_MAX, 'nameTooLong').optional(),
});
export type FilterCopyRequest = z.infer<typeof filterCopyRequestSchema>;

/** A built-in sample e-mail of the test modal (SPEC §2), also accepted by POST /filters/{id}/test. */
export const filterSampleMessageSchema = z.object({
  id: z.union([z.string().max(100), z.number().int()]),
  subject: z.string().max(1000),
  fromAddress: z.string().max(320),
  fromName: z.string().max(200).nullish(),
  bodyText: z.string().max(FILTER_SAMPLE_BODY_MAX),
  toAddresses: z.array(z.string().max(320)).max(100),
  ccAddresses: z.array(z.string().max(320)).max(100).optional(),
  receivedAt: z.string(),
  hasAttachments: z.boolean(),
  attachmentNames: z.array(z.string().max(255)).max(50).optional(),
  importance: importanceSchema,
  sizeBytes: z.number().int().min(0).optional(),
});
export type FilterSampleMessage = z.infer<typeof filterSampleMessageSchema>;

/** DESIGN.md loose end 6: a real message id, or a sample message. */
export const filterTestRequestSchema = z.union(
  [z.object({ messageId: idSchema }), z.object({ message: filterSampleMessageSchema })],
  { error: 'selectMessage' },
);
export type FilterTestRequest = z.infer<typeof filterTestRequestSchema>;

export const filterConditionSummarySchema = z.object({
  conditionType: conditionTypeSchema,
  operator: operatorSchema,
  value: z.string(),
  description: z.string(),
});
export const filterActionSummarySchema = z.object({
  actionType: actionTypeSchema,
  actionValue: z.string().nullable(),
  description: z.string(),
});
export const filterTestResultSchema = z.object({
  matched: z.boolean(),
  reason: z.string(),
  matchedConditions: z.array(filterConditionSummarySchema),
  appliedActions: z.array(filterActionSummarySchema),
  failedCondition: filterConditionSummarySchema.optional(),
});
export type FilterTestResult = z.infer<typeof filterTestResultSchema>;

/** One problem met while importing or exporting Sieve or Gmail filters; nothing is dropped silently. */
export const filterInteropWarningSchema = z.object({
  line: z.number().int().nullable(),
  code: z.string(),
  source: z.string(),
  message: z.string(),
});
export type FilterInteropWarning = z.infer<typeof filterInteropWarningSchema>;

export const filterImportResultSchema = z.object({
  filters: z.array(normalizedFilterRequestSchema),
  warnings: z.array(filterInteropWarningSchema),
  /** Folder names MOVE_TO_FOLDER refers to that the user does not have (value kept as the name). */
  missingFolders: z.array(z.string()),
});
export type FilterImportResult = z.infer<typeof filterImportResultSchema>;

export const filterStatisticsSchema = z.object({
  totalFilters: z.number().int(),
  activeFilters: z.number().int(),
  inactiveFilters: z.number().int(),
  totalExecutions: z.number().int(),
  /** 0..100, rounded; 0 when there are no filters. */
  activationRate: z.number(),
  averageExecutionTimeMs: z.number().nullable(),
  topFilters: z.array(
    z.object({
      id: z.number().int(),
      name: z.string(),
      description: z.string().nullable(),
      executionCount: z.number().int(),
      isActive: z.boolean(),
      conditionCount: z.number().int(),
    }),
  ),
  executionsByDay: z.array(z.object({ date: z.string(), count: z.number().int() })),
  executionsByHour: z.array(z.object({ hour: z.number().int().min(0).max(23), count: z.number().int() })),
  topConditionTypes: z.array(z.object({ type: conditionTypeSchema, count: z.number().int() })),
  topActionTypes: z.array(z.object({ type: actionTypeSchema, count: z.number().int() })),
});
export type FilterStatistics = z.infer<typeof filterStatisticsSchema>;

/** GET /filters/metadata: labels in the request's language, with what the form needs per type. */
export const filterMetadataSchema = z.object({
  conditionTypes: z.array(
    z.object({
      value: conditionTypeSchema,
      label: z.string(),
      operators: z.array(operatorSchema),
      caseAndRegexOptions: z.boolean(),
    }),
  ),
  operators: z.array(z.object({ value: operatorSchema, label: z.string() })),
  actionTypes: z.array(
    z.object({
      value: actionTypeSchema,
      label: z.string(),
      valueKind: z.enum(['mailboxId', 'label', 'email', 'replyText']).nullable(),
      warning: z.boolean(),
    }),
  ),
});
export type FilterMetadata = z.infer<typeof filterMetadataSchema>;
