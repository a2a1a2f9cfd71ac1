import {
  CONDITION_TYPES,
  OPERATORS_BY_CONDITION_TYPE,
  approximateRegexCheck,
  filterSampleMessageSchema,
  filterTestRequestSchema,
} from '@postline/shared/filters';
import { filterImportFileSchema, filterRequestSchema } from '@postline/shared/filter-requests';
import { FILTER_TEST_SAMPLES } from '@postline/shared/filter-samples';
import { FILTER_VALIDATION_KEYS, FILTER_VALIDATION_MESSAGES } from '@postline/shared/filter-messages';
import { describe, expect, it } from 'vitest';
import { buildFilterMetadata } from '../../../../src/modules/filters/engine/describe.js';
import {
  serverFilterImportFileSchema,
  serverFilterRequestSchema,
  toFilterExportFile,
} from '../../../../src/modules/filters/engine/request-schema.js';

const minimal = {
  name: '  회의 메일  ',
  conditions: [{ conditionType: 'SUBJECT', operator: 'CONTAINS', value: '회의' }],
  actions: [{ actionType: 'MARK_READ' }],
};

function issues(input: unknown) {
  const result = serverFilterRequestSchema.safeParse(input);
  expect(result.success).toBe(false);
  return result.success
    ? []
    : result.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message }));
}

describe('filter request normalisation', () => {
  it('fills defaults, trims the name, drops a blank description and canonicalises action names', () => {
    const parsed = serverFilterRequestSchema.parse({
      ...minimal,
      description: '   ',
      actions: [
        { actionType: 'MOVE_TO_FOLDER', actionValue: 7, sortOrder: 5 },
        { actionType: 'MARK_AS_READ', actionValue: 'ignored', sortOrder: 1 },
        { actionType: 'MARK_AS_STARRED', sortOrder: 3 },
      ],
    });
    expect(parsed).toEqual({
      name: '회의 메일',
      isActive: true,
      applyToExisting: false,
      conditions: [
        {
          conditionType: 'SUBJECT',
          operator: 'CONTAINS',
          value: '회의',
          caseSensitive: false,
          isRegex: false,
        },
      ],
      actions: [
        { actionType: 'MARK_READ', actionValue: null, sortOrder: 0 },
        { actionType: 'MARK_STARRED', actionValue: null, sortOrder: 1 },
        { actionType: 'MOVE_TO_FOLDER', actionValue: '7', sortOrder: 2 },
      ],
    });
  });

  it('reads the older criteria/type shape into the same result as the current shape', () => {
    const legacy = serverFilterRequestSchema.parse({
      name: 'Old',
      criteria: [
        { field: 'FROM', operator: 'CONTAINS', value: 'boss@' },
        { field: 'HAS_ATTACHMENT', operator: 'EQUALS', value: 'true' },
      ],
      actions: [{ type: 'ADD_LABEL', value: 'work' }, { type: 'MARK_AS_READ' }],
    });
    const current = serverFilterRequestSchema.parse({
      name: 'Old',
      conditions: [
        { conditionType: 'FROM', operator: 'CONTAINS', value: 'boss@' },
        { conditionType: 'HAS_ATTACHMENT', operator: 'EXISTS' },
      ],
      actions: [
        { actionType: 'ADD_LABEL', actionValue: 'work' },
        { actionType: 'MARK_READ', actionValue: null },
      ],
    });
    expect(legacy).toEqual(current);
    expect(legacy.conditions[1]).toMatchObject({
      conditionType: 'HAS_ATTACHMENT',
      operator: 'EXISTS',
      value: '',
    });
  });

  it('clears case and regex options on types that do not show them', () => {
    const parsed = serverFilterRequestSchema.parse({
      ...minimal,
      conditions: [
        { conditionType: 'SIZE', operator: 'GREATER_THAN', value: '100', caseSensitive: true, isRegex: true },
      ],
    });
    expect(parsed.conditions[0]).toMatchObject({ caseSensitive: false, isRegex: false });
  });
});

describe('filter request validation', () => {
  it.each([
    [{ ...minimal, name: '   ' }, 'name', 'nameRequired'],
    [{ ...minimal, conditions: [] }, 'conditions', 'conditionsRequired'],
    [{ ...minimal, actions: [] }, 'actions', 'actionsRequired'],
    [
      { ...minimal, conditions: [{ conditionType: 'SIZE', operator: 'CONTAINS', value: '1' }] },
      'conditions.0.operator',
      'operatorNotAllowed',
    ],
    [
      { ...minimal, conditions: [{ conditionType: 'HAS_ATTACHMENT', operator: 'CONTAINS', value: 'x' }] },
      'conditions.0.operator',
      'operatorNotAllowed',
    ],
    [
      { ...minimal, conditions: [{ conditionType: 'SUBJECT', operator: 'GREATER_THAN', value: '1' }] },
      'conditions.0.operator',
      'operatorNotAllowed',
    ],
    [
      { ...minimal, conditions: [{ conditionType: 'SIZE', operator: 'GREATER_THAN', value: 'big' }] },
      'conditions.0.value',
      'sizeNotNumeric',
    ],
    [
      { ...minimal, conditions: [{ conditionType: 'SIZE', operator: 'LESS_THAN', value: '-1' }] },
      'conditions.0.value',
      'sizeNotNumeric',
    ],
    [
      { ...minimal, conditions: [{ conditionType: 'IMPORTANCE', operator: 'EQUALS', value: 'URGENT' }] },
      'conditions.0.value',
      'importanceInvalid',
    ],
    [
      { ...minimal, conditions: [{ conditionType: 'BODY', operator: 'CONTAINS', value: '  ' }] },
      'conditions.0.value',
      'valueRequired',
    ],
    [
      { ...minimal, conditions: [{ conditionType: 'SUBJECT', operator: 'REGEX', value: '(unclosed' }] },
      'conditions.0.value',
      'invalidRegex',
    ],
    [
      {
        ...minimal,
        conditions: [{ conditionType: 'FROM', operator: 'CONTAINS', value: '(?=x)', isRegex: true }],
      },
      'conditions.0.value',
      'invalidRegex',
    ],
    [
      { ...minimal, conditions: [{ conditionType: 'FOLDER', operator: 'CONTAINS', value: 'x' }] },
      'conditions.0.conditionType',
      'conditionTypeInvalid',
    ],
    [
      { ...minimal, actions: [{ actionType: 'MOVE_TO_FOLDER' }] },
      'actions.0.actionValue',
      'actionValueRequired',
    ],
    [
      { ...minimal, actions: [{ actionType: 'MARK_READ' }, { actionType: 'ADD_LABEL', actionValue: ' ' }] },
      'actions.1.actionValue',
      'actionValueRequired',
    ],
    [
      { ...minimal, actions: [{ actionType: 'FORWARD', actionValue: 'not-an-address' }] },
      'actions.0.actionValue',
      'invalidEmail',
    ],
    [{ ...minimal, actions: [{ actionType: 'EXPLODE' }] }, 'actions.0.actionType', 'actionTypeInvalid'],
  ])('refuses %j at %s with %s', (input, path, message) => {
    expect(issues(input)).toContainEqual({ path, message });
  });

  it('takes EXISTS and NOT_EXISTS without a value, and SIZE and IMPORTANCE values in their forms', () => {
    const parsed = serverFilterRequestSchema.parse({
      ...minimal,
      conditions: [
        { conditionType: 'CC', operator: 'NOT_EXISTS' },
        { conditionType: 'SIZE', operator: 'EQUALS', value: 0 },
        { conditionType: 'IMPORTANCE', operator: 'NOT_EQUALS', value: 'low' },
      ],
    });
    expect(parsed.conditions.map((c) => c.value)).toEqual(['', '0', 'LOW']);
  });

  it('has a Korean and an English text for every validation key', () => {
    for (const key of FILTER_VALIDATION_KEYS) {
      expect(FILTER_VALIDATION_MESSAGES[key].ko).toMatch(/[가-힣]/);
      expect(FILTER_VALIDATION_MESSAGES[key].en).toMatch(/[A-Za-z]/);
    }
  });

  it('approximates RE2 in the browser: inline flags pass, lookaround and backreferences do not', () => {
    expect(approximateRegexCheck('(?i)^회의\\s+\\d+')).toBeNull();
    expect(approximateRegexCheck('foo(?!bar)')).not.toBeNull();
    expect(approximateRegexCheck('(a)\\1')).not.toBeNull();
    expect(
      filterRequestSchema.safeParse({
        ...minimal,
        conditions: [{ conditionType: 'BODY', operator: 'REGEX', value: '[' }],
      }).success,
    ).toBe(false);
  });
});

describe('operators by condition type (SPEC §5)', () => {
  it('gives SIZE, HAS_ATTACHMENT, IMPORTANCE and SENDER_CHECK their own operators and the rest all but the comparisons', () => {
    expect(OPERATORS_BY_CONDITION_TYPE.SIZE).toEqual(['GREATER_THAN', 'LESS_THAN', 'EQUALS']);
    expect(OPERATORS_BY_CONDITION_TYPE.HAS_ATTACHMENT).toEqual(['EXISTS', 'NOT_EXISTS']);
    expect(OPERATORS_BY_CONDITION_TYPE.IMPORTANCE).toEqual(['EQUALS', 'NOT_EQUALS']);
    expect(OPERATORS_BY_CONDITION_TYPE.SENDER_CHECK).toEqual(['EQUALS', 'NOT_EQUALS']);
    const own = ['SIZE', 'HAS_ATTACHMENT', 'IMPORTANCE', 'SENDER_CHECK'];
    for (const type of CONDITION_TYPES.filter((t) => !own.includes(t))) {
      expect(OPERATORS_BY_CONDITION_TYPE[type]).toHaveLength(9);
      expect(OPERATORS_BY_CONDITION_TYPE[type]).not.toContain('GREATER_THAN');
    }
  });

  it('describes the form in metadata without duplicate alias actions', () => {
    const en = buildFilterMetadata('en');
    expect(en.actionTypes.map((a) => a.value)).not.toContain('MARK_AS_READ');
    expect(en.actionTypes.find((a) => a.value === 'DELETE')).toMatchObject({
      warning: true,
      valueKind: null,
    });
    expect(en.actionTypes.find((a) => a.value === 'FORWARD')?.valueKind).toBe('email');
    expect(buildFilterMetadata('ko').conditionTypes.find((c) => c.value === 'SUBJECT')?.label).toBe('제목');
  });
});

describe('test requests and samples', () => {
  it('needs a message id or a sample message', () => {
    expect(filterTestRequestSchema.safeParse({}).error?.issues[0]?.message).toBe('selectMessage');
    expect(filterTestRequestSchema.parse({ messageId: '12' })).toEqual({ messageId: 12 });
    expect(filterTestRequestSchema.parse({ message: FILTER_TEST_SAMPLES[0] })).toHaveProperty(
      'message.id',
      'sample-1',
    );
  });

  it('ships five valid bilingual samples covering every importance', () => {
    expect(FILTER_TEST_SAMPLES).toHaveLength(5);
    for (const sample of FILTER_TEST_SAMPLES) expect(filterSampleMessageSchema.parse(sample)).toEqual(sample);
    expect(new Set(FILTER_TEST_SAMPLES.map((s) => s.importance))).toEqual(new Set(['HIGH', 'NORMAL', 'LOW']));
    const text = FILTER_TEST_SAMPLES.map((s) => s.subject + s.bodyText).join(' ');
    expect(text).toMatch(/[가-힣]/);
    expect(text).toMatch(/[A-Za-z]{4}/);
  });
});

describe('JSON import and export files', () => {
  it('reads the export file, a bare array and a single filter alike', () => {
    const file = { version: 1, filters: [minimal] };
    const expected = serverFilterImportFileSchema.parse(file).filters;
    expect(filterImportFileSchema.parse([minimal]).filters).toEqual(expected);
    expect(filterImportFileSchema.parse(minimal).filters).toEqual(expected);
    expect(filterImportFileSchema.safeParse({ version: 2, filters: [minimal] }).success).toBe(false);
    const bad = filterImportFileSchema.safeParse({ version: 1, filters: [{ ...minimal, name: '' }] });
    expect(bad.error?.issues[0]?.path.join('.')).toBe('filters.0.name');
  });

  it('exports filters so that importing the file gives them back', () => {
    const original = serverFilterRequestSchema.parse({
      ...minimal,
      description: '설명',
      actions: [{ actionType: 'ADD_LABEL', actionValue: 'work' }, { actionType: 'STOP_PROCESSING' }],
    });
    const file = toFilterExportFile([{ ...original, id: 3 }], new Date('2025-03-14T00:00:00Z'));
    const back = serverFilterImportFileSchema.parse(JSON.parse(JSON.stringify(file)));
    expect(back).toEqual({ version: 1, exportedAt: '2025-03-14T00:00:00.000Z', filters: [original] });
  });
});
