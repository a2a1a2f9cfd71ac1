import type { Language } from '@postline/shared/errors';
import {
  ACTION_TYPE_ALIASES,
  ACTION_TYPES,
  ACTIONS_NEEDING_VALUE,
  AUTO_REPLY_TEMPLATE_PREFIX,
  CASE_AND_REGEX_OPTION_TYPES,
  CONDITION_TYPES,
  OPERATORS,
  OPERATORS_BY_CONDITION_TYPE,
  WARNING_ACTIONS,
  type ActionType,
  type ConditionType,
  type FilterAction,
  type FilterCondition,
  type FilterMetadata,
  type Operator,
} from '@postline/shared/filters';
import { formatBytes } from '@postline/shared/limits';
import { localizedText, serverText, type ServerTextKey } from '../../../lib/i18n.js';
import { SERVER_TEXTS } from '../../../locales/resources.js';

const conditionLabel = (type: ConditionType, lang: Language) =>
  serverText(lang, `filters:conditionTypes.${type}`);
const operatorLabel = (operator: Operator, lang: Language) =>
  serverText(lang, `filters:operators.${operator}`);
const actionLabel = (type: ActionType, lang: Language) => serverText(lang, `filters:actionTypes.${type}`);

/** A stored value of a closed set (IMPORTANCE, SENDER_CHECK) by its label; unknown values as they are. */
function valueLabel(area: 'importance' | 'senderCheck', value: string, lang: Language): string {
  const labels: Record<string, string> = SERVER_TEXTS[lang].filters[area];
  return Object.hasOwn(labels, value) ? serverText(lang, `filters:${area}.${value}` as ServerTextKey) : value;
}

function describeValue(c: FilterCondition, lang: Language): string {
  if (c.conditionType === 'SIZE') {
    const bytes = Number(c.value);
    return bytes >= 1024
      ? serverText(lang, 'filters:describe.bytesWithSize', { value: c.value, size: formatBytes(bytes) })
      : serverText(lang, 'filters:describe.bytes', { value: c.value });
  }
  if (c.conditionType === 'IMPORTANCE') return valueLabel('importance', c.value, lang);
  if (c.conditionType === 'SENDER_CHECK') return valueLabel('senderCheck', c.value, lang);
  return c.operator === 'REGEX' || c.isRegex ? `/${c.value}/` : `"${c.value}"`;
}

/** One line a user reads, e.g. `제목: "회의" 포함` or `Subject contains "meeting"`. */
export function describeCondition(c: FilterCondition, lang: Language): string {
  if (c.conditionType === 'HAS_ATTACHMENT') {
    const has = c.operator === 'EXISTS';
    return serverText(lang, has ? 'filters:describe.hasAttachments' : 'filters:describe.hasNoAttachments');
  }
  const parts = { field: conditionLabel(c.conditionType, lang), operator: operatorLabel(c.operator, lang) };
  const text =
    c.operator === 'EXISTS' || c.operator === 'NOT_EXISTS'
      ? serverText(lang, 'filters:describe.conditionWithoutValue', parts)
      : serverText(lang, 'filters:describe.condition', { ...parts, value: describeValue(c, lang) });
  const notes: string[] = [];
  if (c.caseSensitive) notes.push(serverText(lang, 'filters:describe.caseSensitive'));
  if (c.isRegex && c.operator !== 'REGEX') notes.push(serverText(lang, 'filters:describe.regex'));
  return notes.length
    ? serverText(lang, 'filters:describe.withNotes', { text, notes: notes.join(', ') })
    : text;
}

export interface DescribeOptions {
  /** Turns a MOVE_TO_FOLDER mailbox id into its folder name. */
  folderName?: (mailboxId: string) => string | null;
}

export function describeAction(
  a: Pick<FilterAction, 'actionType' | 'actionValue'>,
  lang: Language,
  options: DescribeOptions = {},
): string {
  const label = actionLabel(a.actionType, lang);
  if (!a.actionValue) return label;
  let value = a.actionValue;
  if (a.actionType === 'MOVE_TO_FOLDER') value = options.folderName?.(value) ?? value;
  if (a.actionType === 'AUTO_REPLY') {
    if (value.startsWith(AUTO_REPLY_TEMPLATE_PREFIX)) {
      const id = value.slice(AUTO_REPLY_TEMPLATE_PREFIX.length);
      value = serverText(lang, 'filters:describe.templateRef', { id });
    } else if (value.length > 40) {
      value = `${value.slice(0, 40)}…`;
    }
  }
  return serverText(lang, 'filters:describe.action', { label, value });
}

/** Why a filter did or did not match a message, in every language. */
export const REASONS = {
  matched: (count: number) => localizedText('filters:reasons.matched', { count }),
  notMatched: (c: FilterCondition) =>
    localizedText('filters:reasons.notMatched', (lang) => ({ condition: describeCondition(c, lang) })),
  invalidRegex: (c: FilterCondition) =>
    localizedText('filters:reasons.invalidRegex', (lang) => ({ condition: describeCondition(c, lang) })),
  noConditions: () => localizedText('filters:reasons.noConditions'),
};

/** GET /filters/metadata in the request's language. Aliases of action types are left out. */
export function buildFilterMetadata(lang: Language): FilterMetadata {
  return {
    conditionTypes: CONDITION_TYPES.map((value) => ({
      value,
      label: conditionLabel(value, lang),
      operators: [...OPERATORS_BY_CONDITION_TYPE[value]],
      caseAndRegexOptions: CASE_AND_REGEX_OPTION_TYPES.includes(value),
    })),
    operators: OPERATORS.map((value) => ({ value, label: operatorLabel(value, lang) })),
    actionTypes: ACTION_TYPES.filter((value) => !ACTION_TYPE_ALIASES[value]).map((value) => ({
      value,
      label: actionLabel(value, lang),
      valueKind: ACTIONS_NEEDING_VALUE[value] ?? null,
      warning: WARNING_ACTIONS.includes(value),
    })),
  };
}
