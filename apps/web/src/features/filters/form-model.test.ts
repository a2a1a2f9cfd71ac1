import { describe, expect, it } from 'vitest';
import type { FilterDto } from '@postline/shared/filters';
import { contractErrors } from './form-errors';
import {
  conditionTakesValue,
  emptyAction,
  emptyCondition,
  emptyForm,
  formFromFilter,
  hasCaseAndRegexOptions,
  operatorsFor,
  SELECTABLE_ACTION_TYPES,
  toFilterSubmission,
  validateFilterForm,
  withActionType,
  withConditionType,
  type FilterFormValues,
} from './form-model';

describe('operators offered per condition type (SPEC §5)', () => {
  it('offers size comparisons for SIZE and no text operators', () => {
    expect(operatorsFor('SIZE')).toEqual(['GREATER_THAN', 'LESS_THAN', 'EQUALS']);
  });

  it('offers only presence for HAS_ATTACHMENT, and equality for IMPORTANCE', () => {
    expect(operatorsFor('HAS_ATTACHMENT')).toEqual(['EXISTS']);
    expect(operatorsFor('IMPORTANCE')).toEqual(['EQUALS', 'NOT_EQUALS']);
  });

  it('keeps NOT_EXISTS in the list only for a HAS_ATTACHMENT condition already saved with it', () => {
    expect(operatorsFor('HAS_ATTACHMENT', 'EXISTS')).toEqual(['EXISTS']);
    expect(operatorsFor('HAS_ATTACHMENT', 'NOT_EXISTS')).toEqual(['EXISTS', 'NOT_EXISTS']);
    // Not something the server would accept for the type: never offered.
    expect(operatorsFor('HAS_ATTACHMENT', 'CONTAINS')).toEqual(['EXISTS']);
  });

  it('offers every operator except greater/less than for the text types', () => {
    for (const type of ['SUBJECT', 'FROM', 'TO', 'CC', 'BCC', 'BODY', 'ATTACHMENT'] as const) {
      const operators = operatorsFor(type);
      expect(operators).toContain('CONTAINS');
      expect(operators).toContain('REGEX');
      expect(operators).not.toContain('GREATER_THAN');
      expect(operators).not.toContain('LESS_THAN');
      expect(hasCaseAndRegexOptions(type)).toBe(true);
    }
  });

  it('offers nothing before a type is chosen, and no case/regex options for SIZE or IMPORTANCE', () => {
    expect(operatorsFor('')).toEqual([]);
    expect(hasCaseAndRegexOptions('SIZE')).toBe(false);
    expect(hasCaseAndRegexOptions('IMPORTANCE')).toBe(false);
  });

  it('asks for no value for HAS_ATTACHMENT or the presence operators', () => {
    expect(conditionTakesValue({ conditionType: 'HAS_ATTACHMENT', operator: 'EXISTS' })).toBe(false);
    expect(conditionTakesValue({ conditionType: 'SUBJECT', operator: 'NOT_EXISTS' })).toBe(false);
    expect(conditionTakesValue({ conditionType: 'SUBJECT', operator: 'CONTAINS' })).toBe(true);
  });

  it('lists the canonical action names only', () => {
    expect(SELECTABLE_ACTION_TYPES).toContain('MARK_READ');
    expect(SELECTABLE_ACTION_TYPES).not.toContain('MARK_AS_READ');
    expect(SELECTABLE_ACTION_TYPES).not.toContain('MARK_AS_STARRED');
  });
});

describe('changing a type (SPEC §4)', () => {
  it('clears the operator and value of a condition', () => {
    const row = {
      ...emptyCondition(),
      conditionType: 'SUBJECT' as const,
      operator: 'CONTAINS' as const,
      value: '[알파]',
    };
    const changed = withConditionType(row, 'FROM');
    expect(changed).toMatchObject({ conditionType: 'FROM', operator: '', value: '' });
    expect(changed.key).toBe(row.key);
  });

  it('drops case/regex options the new type does not have', () => {
    const row = { ...emptyCondition(), conditionType: 'BODY' as const, caseSensitive: true, isRegex: true };
    expect(withConditionType(row, 'SIZE')).toMatchObject({ caseSensitive: false, isRegex: false });
    expect(withConditionType(row, 'SUBJECT')).toMatchObject({ caseSensitive: true, isRegex: true });
  });

  it('clears the value of an action', () => {
    const row = { ...emptyAction(), actionType: 'ADD_LABEL' as const, actionValue: 'work' };
    expect(withActionType(row, 'FORWARD')).toMatchObject({ actionType: 'FORWARD', actionValue: '' });
  });
});

function issueFilter(): FilterFormValues {
  return {
    name: '  알파 프로젝트  ',
    description: '   ',
    isActive: true,
    applyToExisting: false,
    conditions: [
      { ...emptyCondition(), conditionType: 'SUBJECT', operator: 'CONTAINS', value: '[알파]' },
      emptyCondition(),
      { ...emptyCondition(), conditionType: 'FROM', operator: 'ENDS_WITH', value: ' @corp.example ' },
    ],
    actions: [
      { ...emptyAction(), actionType: 'MOVE_TO_FOLDER', actionValue: '7' },
      emptyAction(),
      { ...emptyAction(), actionType: 'MARK_READ', actionValue: 'leftover' },
      { ...emptyAction(), actionType: 'ADD_LABEL', actionValue: 'work' },
    ],
  };
}

describe('validation (SPEC §5)', () => {
  it('needs a name that is not blank', () => {
    expect(validateFilterForm({ ...issueFilter(), name: '   ' })).toEqual({ name: 'nameRequired' });
  });

  it('needs a type and an operator on every condition in use', () => {
    const values = issueFilter();
    values.conditions[1] = { ...emptyCondition(), conditionType: 'SUBJECT' };
    expect(validateFilterForm(values)).toEqual({ conditions: 'conditionsRequired' });
  });

  it('needs at least one condition and one action', () => {
    expect(validateFilterForm({ ...emptyForm(), name: 'x' })).toEqual({
      conditions: 'conditionsRequired',
      actions: 'actionsRequired',
    });
  });

  it('accepts a filled form whose extra rows were never touched', () => {
    expect(validateFilterForm(issueFilter())).toEqual({});
  });
});

describe('submit cleanup (SPEC §5)', () => {
  it('drops incomplete rows, trims the name, omits a blank description', () => {
    const { request, conditionKeys, actionKeys } = toFilterSubmission(issueFilter());
    expect(request).toEqual({
      name: '알파 프로젝트',
      isActive: true,
      applyToExisting: false,
      conditions: [
        {
          conditionType: 'SUBJECT',
          operator: 'CONTAINS',
          value: '[알파]',
          caseSensitive: false,
          isRegex: false,
        },
        {
          conditionType: 'FROM',
          operator: 'ENDS_WITH',
          value: '@corp.example',
          caseSensitive: false,
          isRegex: false,
        },
      ],
      actions: [
        { actionType: 'MOVE_TO_FOLDER', actionValue: '7', sortOrder: 0 },
        { actionType: 'MARK_READ', actionValue: null, sortOrder: 1 },
        { actionType: 'ADD_LABEL', actionValue: 'work', sortOrder: 2 },
      ],
    });
    expect(conditionKeys).toHaveLength(2);
    expect(actionKeys).toHaveLength(3);
  });

  it('keeps a description that has text, trimmed', () => {
    const { request } = toFilterSubmission({ ...issueFilter(), description: ' 업무 메일 ' });
    expect(request.description).toBe('업무 메일');
  });

  it('sends no value for HAS_ATTACHMENT', () => {
    const values = issueFilter();
    values.conditions = [
      { ...emptyCondition(), conditionType: 'HAS_ATTACHMENT', operator: 'EXISTS', value: 'stale' },
    ];
    expect(toFilterSubmission(values).request.conditions[0]?.value).toBe('');
  });

  it('passes the shared contract, and names the row whose value is missing when it does not', () => {
    const values = issueFilter();
    expect(contractErrors(toFilterSubmission(values), 'ko')).toEqual({});
    const fromRow = values.conditions[2]!;
    values.conditions[2] = { ...fromRow, value: '  ' };
    expect(contractErrors(toFilterSubmission(values), 'en')).toEqual({
      [`condition:${fromRow.key}:value`]: 'Please enter a value for the condition.',
    });
  });
});

describe('editing a saved filter', () => {
  it('fills the form in action order and with the canonical action names', () => {
    const saved: FilterDto = {
      id: 3,
      name: '알파',
      description: null,
      isActive: false,
      applyToExisting: false,
      priority: 1,
      conditionCount: 1,
      actionCount: 2,
      conditions: [
        {
          id: 1,
          conditionType: 'SIZE',
          operator: 'GREATER_THAN',
          value: '1024',
          caseSensitive: false,
          isRegex: false,
        },
      ],
      actions: [
        { id: 2, actionType: 'ADD_LABEL', actionValue: 'work', sortOrder: 1 },
        { id: 1, actionType: 'MARK_AS_READ', actionValue: null, sortOrder: 0 },
      ],
      stats: { executionCount: 0, lastExecuted: null },
      createdAt: '2025-03-01T00:00:00.000Z',
      updatedAt: '2025-03-01T00:00:00.000Z',
    };
    const form = formFromFilter(saved);
    expect(form).toMatchObject({ name: '알파', description: '', isActive: false });
    expect(form.actions.map((a) => [a.actionType, a.actionValue])).toEqual([
      ['MARK_READ', ''],
      ['ADD_LABEL', 'work'],
    ]);
  });
});
