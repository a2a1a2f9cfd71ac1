import { useReducer } from 'react';
import type { ActionType, ConditionType } from '@postline/shared/filters';
import {
  emptyAction,
  emptyCondition,
  emptyForm,
  withActionType,
  withConditionType,
  type ActionRow,
  type ConditionRow,
  type FilterFormValues,
} from '../form-model';

export type FilterFormEvent =
  | { type: 'reset'; values: FilterFormValues }
  | { type: 'field'; field: 'name' | 'description'; value: string }
  | { type: 'flag'; field: 'isActive' | 'applyToExisting'; value: boolean }
  | { type: 'addCondition' }
  | { type: 'removeCondition'; key: string }
  | { type: 'conditionType'; key: string; value: ConditionType | '' }
  | { type: 'condition'; key: string; patch: Partial<Omit<ConditionRow, 'key' | 'conditionType'>> }
  | { type: 'addAction' }
  | { type: 'removeAction'; key: string }
  | { type: 'actionType'; key: string; value: ActionType | '' }
  | { type: 'actionValue'; key: string; value: string };

function updateRow<T extends { key: string }>(rows: T[], key: string, change: (row: T) => T): T[] {
  return rows.map((row) => (row.key === key ? change(row) : row));
}

/** SPEC §5: removal only while more than one row of the kind remains. */
function withoutRow<T extends { key: string }>(rows: T[], key: string): T[] {
  return rows.length > 1 ? rows.filter((row) => row.key !== key) : rows;
}

export function filterFormReducer(state: FilterFormValues, event: FilterFormEvent): FilterFormValues {
  switch (event.type) {
    case 'reset':
      return event.values;
    case 'field':
      return { ...state, [event.field]: event.value };
    case 'flag':
      return { ...state, [event.field]: event.value };
    case 'addCondition':
      return { ...state, conditions: [...state.conditions, emptyCondition()] };
    case 'removeCondition':
      return { ...state, conditions: withoutRow(state.conditions, event.key) };
    case 'conditionType':
      return {
        ...state,
        conditions: updateRow(state.conditions, event.key, (row) => withConditionType(row, event.value)),
      };
    case 'condition':
      return {
        ...state,
        conditions: updateRow(state.conditions, event.key, (row) => ({ ...row, ...event.patch })),
      };
    case 'addAction':
      return { ...state, actions: [...state.actions, emptyAction()] };
    case 'removeAction':
      return { ...state, actions: withoutRow(state.actions, event.key) };
    case 'actionType':
      return {
        ...state,
        actions: updateRow(state.actions, event.key, (row) => withActionType(row, event.value)),
      };
    case 'actionValue':
      return {
        ...state,
        actions: updateRow(state.actions, event.key, (row): ActionRow => ({
          ...row,
          actionValue: event.value,
        })),
      };
  }
}

/** The create/edit form's values and the one way to change them. */
export function useFilterForm() {
  return useReducer(filterFormReducer, undefined, emptyForm);
}
