/**
 * The filters contract (SPEC §3 Filter, §5 filter form, §7 Filters; DESIGN.md loose ends 5 and 6).
 * Server and web validate with the same schemas; validation messages are keys whose ko/en text
 * is FILTER_VALIDATION_MESSAGES in filter-messages.ts; the test modal's samples are in filter-samples.ts.
 * Over 300 lines on purpose: the enums, the rules that tie them together and the shapes built on
 * them are one vocabulary; the requests, the answers and the texts already live in their own files.
 */
import { z } from 'zod';
import { idSchema } from './common.js';
import type { Language } from './errors.js';
import { TEMPLATE_BODY_MAX } from './limits.js';

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
  'SENDER_CHECK',
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

/**
 * SENDER_CHECK values (issue 15): VERIFIED is a DMARC pass (and mail written on this server),
 * FAILED a DMARC fail, UNVERIFIED anything but a pass.
 */
export const SENDER_CHECK_VALUES = ['VERIFIED', 'UNVERIFIED', 'FAILED'] as const;
export type SenderCheckValue = (typeof SENDER_CHECK_VALUES)[number];

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
  SENDER_CHECK: ['EQUALS', 'NOT_EQUALS'],
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

/** How many of the newest Inbox messages GET /filters/{id}/preview runs the filter on. */
export const FILTER_PREVIEW_SIZE = 50;

/**
 * GET /filters/{id}/preview (issue 34): the saved filter run on the user's newest Inbox mail, the
 * mail "apply to existing mail" would take, and which of it would match; nothing changes. A user
 * with no mail yet gets the sample set instead (`source`).
 */
export const filterPreviewSchema = z.object({
  source: z.enum(['INBOX', 'SAMPLES']),
  /** Messages looked at. */
  scanned: z.number().int().min(0),
  /** The ones the filter matches, newest first. */
  matches: z.array(
    z.object({
      messageId: z.number().int().nullable(),
      sampleId: z.union([z.string(), z.number().int()]).nullable(),
      subject: z.string(),
      fromAddress: z.string(),
      fromName: z.string().nullable(),
      receivedAt: z.string(),
    }),
  ),
  /** What the filter would do to each of them, in the request's language. */
  appliedActions: z.array(filterActionSummarySchema),
});
export type FilterPreview = z.infer<typeof filterPreviewSchema>;

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
  /** The zone executionsByDay and executionsByHour are counted in: the reader's (X-Time-Zone), else UTC. */
  timeZone: z.string(),
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
