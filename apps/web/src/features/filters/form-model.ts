import {
  ACTION_TYPES,
  ACTIONS_NEEDING_VALUE,
  CASE_AND_REGEX_OPTION_TYPES,
  canonicalActionType,
  OPERATORS_BY_CONDITION_TYPE,
  VALUELESS_OPERATORS,
  type ActionType,
  type ConditionType,
  type FilterDto,
  type Operator,
} from '@postline/shared/filters';
import type { FilterRequestInput } from '@postline/shared/filter-requests';

/*
 * The create/edit form of SPEC §2 and §5 as plain data, so its rules (what each type offers, what a
 * type change clears, what submit sends) are testable without rendering anything.
 */

/** A condition row as the user edits it: '' while nothing is chosen yet. */
export interface ConditionRow {
  key: string;
  conditionType: ConditionType | '';
  operator: Operator | '';
  value: string;
  caseSensitive: boolean;
  isRegex: boolean;
}

export interface ActionRow {
  key: string;
  actionType: ActionType | '';
  actionValue: string;
}

export interface FilterFormValues {
  name: string;
  description: string;
  isActive: boolean;
  applyToExisting: boolean;
  conditions: ConditionRow[];
  actions: ActionRow[];
}

/** Action types the picker offers: the canonical names, not the older aliases. */
export const SELECTABLE_ACTION_TYPES: readonly ActionType[] = ACTION_TYPES.filter(
  (type) => canonicalActionType(type) === type,
);

let nextKey = 0;
/** Rows keep a stable key across edits so React and error messages follow the right row. */
function rowKey(prefix: string): string {
  nextKey += 1;
  return `${prefix}${nextKey}`;
}

export function emptyCondition(): ConditionRow {
  return {
    key: rowKey('c'),
    conditionType: '',
    operator: '',
    value: '',
    caseSensitive: false,
    isRegex: false,
  };
}

export function emptyAction(): ActionRow {
  return { key: rowKey('a'), actionType: '', actionValue: '' };
}

export function emptyForm(): FilterFormValues {
  return {
    name: '',
    description: '',
    isActive: true,
    applyToExisting: false,
    conditions: [emptyCondition()],
    actions: [emptyAction()],
  };
}

/**
 * What the form offers (SPEC §5): HAS_ATTACHMENT takes EXISTS only. The server still accepts
 * NOT_EXISTS there (the older criteria shape writes it for `value: false`, and the engine runs it),
 * so a filter saved with it keeps its operator in the list instead of silently losing it.
 */
const OFFERED_OPERATORS: Readonly<Record<ConditionType, readonly Operator[]>> = {
  ...OPERATORS_BY_CONDITION_TYPE,
  HAS_ATTACHMENT: ['EXISTS'],
};

export function operatorsFor(type: ConditionType | '', current: Operator | '' = ''): readonly Operator[] {
  if (type === '') return [];
  const offered = OFFERED_OPERATORS[type];
  const keep =
    current !== '' && !offered.includes(current) && OPERATORS_BY_CONDITION_TYPE[type].includes(current);
  return keep ? [...offered, current] : offered;
}

export function hasCaseAndRegexOptions(type: ConditionType | ''): boolean {
  return type !== '' && CASE_AND_REGEX_OPTION_TYPES.includes(type);
}

/** HAS_ATTACHMENT, and EXISTS / NOT_EXISTS on any type, take no value. */
export function conditionTakesValue(row: Pick<ConditionRow, 'conditionType' | 'operator'>): boolean {
  if (row.conditionType === 'HAS_ATTACHMENT') return false;
  return row.operator === '' || !VALUELESS_OPERATORS.includes(row.operator);
}

/** SPEC §4: a new condition type clears the operator and the value (and options it lacks). */
export function withConditionType(row: ConditionRow, type: ConditionType | ''): ConditionRow {
  const options = hasCaseAndRegexOptions(type);
  return {
    ...row,
    conditionType: type,
    operator: '',
    value: '',
    caseSensitive: options && row.caseSensitive,
    isRegex: options && row.isRegex,
  };
}

/** SPEC §4: a new action type clears the value. */
export function withActionType(row: ActionRow, type: ActionType | ''): ActionRow {
  return { ...row, actionType: type, actionValue: '' };
}

export function formFromFilter(filter: FilterDto): FilterFormValues {
  const conditions = filter.conditions.map((c): ConditionRow => ({
    key: rowKey('c'),
    conditionType: c.conditionType,
    operator: c.operator,
    value: c.value,
    caseSensitive: c.caseSensitive,
    isRegex: c.isRegex,
  }));
  const actions = [...filter.actions]
    .sort((a, b) => a.sortOrder - b.sortOrder)
    .map((a): ActionRow => ({
      key: rowKey('a'),
      actionType: canonicalActionType(a.actionType),
      actionValue: a.actionValue ?? '',
    }));
  return {
    name: filter.name,
    description: filter.description ?? '',
    isActive: filter.isActive,
    applyToExisting: filter.applyToExisting,
    conditions: conditions.length > 0 ? conditions : [emptyCondition()],
    actions: actions.length > 0 ? actions : [emptyAction()],
  };
}

export type FormRuleKey = 'nameRequired' | 'conditionsRequired' | 'actionsRequired';
export type FormRuleErrors = Partial<Record<'name' | 'conditions' | 'actions', FormRuleKey>>;

const isBlankCondition = (c: ConditionRow) => c.conditionType === '' && c.operator === '' && c.value === '';
const isCompleteCondition = (c: ConditionRow) => c.conditionType !== '' && c.operator !== '';

/**
 * SPEC §5: the name must not be blank; every condition needs a type and an operator; every action
 * needs a type. A row the user added and never touched does not count against the form (it is
 * dropped on submit), but at least one complete row of each kind must remain.
 */
export function validateFilterForm(values: FilterFormValues): FormRuleErrors {
  const errors: FormRuleErrors = {};
  if (values.name.trim() === '') errors.name = 'nameRequired';
  const usedConditions = values.conditions.filter((c) => !isBlankCondition(c));
  if (usedConditions.length === 0 || !usedConditions.every(isCompleteCondition)) {
    errors.conditions = 'conditionsRequired';
  }
  const usedActions = values.actions.filter((a) => a.actionType !== '');
  if (usedActions.length === 0) errors.actions = 'actionsRequired';
  return errors;
}

export interface FilterSubmission {
  request: FilterRequestInput;
  /** Row keys in the order sent, so `conditions.1.value` in a 400 finds its row again. */
  conditionKeys: string[];
  actionKeys: string[];
}

/**
 * SPEC §5 submit rules: incomplete rows are dropped, the name is trimmed, a blank description is
 * left out; values a row's type does not take are not sent.
 */
export function toFilterSubmission(values: FilterFormValues): FilterSubmission {
  const conditions = values.conditions.filter(isCompleteCondition);
  const actions = values.actions.filter((a) => a.actionType !== '');
  const description = values.description.trim();
  return {
    request: {
      name: values.name.trim(),
      ...(description ? { description } : {}),
      isActive: values.isActive,
      applyToExisting: values.applyToExisting,
      conditions: conditions.map((c) => {
        const type = c.conditionType as ConditionType;
        const options = hasCaseAndRegexOptions(type);
        return {
          conditionType: type,
          operator: c.operator as Operator,
          value: conditionTakesValue(c) ? c.value.trim() : '',
          caseSensitive: options && c.caseSensitive,
          isRegex: options && c.isRegex,
        };
      }),
      actions: actions.map((a, sortOrder) => {
        const type = a.actionType as ActionType;
        const kind = ACTIONS_NEEDING_VALUE[type];
        // Reply text keeps its line breaks and indentation; other values are single words.
        const value = kind === 'replyText' ? a.actionValue : a.actionValue.trim();
        return { actionType: type, actionValue: kind ? value : null, sortOrder };
      }),
    },
    conditionKeys: conditions.map((c) => c.key),
    actionKeys: actions.map((a) => a.key),
  };
}
