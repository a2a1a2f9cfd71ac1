import { describe, expect, expectTypeOf, it } from 'vitest';
import {
  templateBulkCategoryRequestSchema,
  templateCategoryRequestSchema,
  templateImportRequestSchema,
  templateRequestSchema,
  templateUseRequestSchema,
  type TemplateImportRequest,
  type TemplateRequest,
} from '../src/template-requests.js';
import {
  applyTemplateVariables,
  extractTemplateVariables,
  findInvalidTemplateVariables,
  parseTemplateVariablesJson,
  templateVariablesJson,
} from '../src/template-variables.js';
import { localizeValidationMessage } from '../src/validation-messages.js';
import { issuesOf } from './issues.js';

describe('template variables', () => {
  it('extracts each {{word}} once in order, Korean names included', () => {
    const text = '{{이름}}님, {{date}}에 만나요. {{이름}}님 감사합니다. {{room_2}}';
    expect(extractTemplateVariables(text)).toEqual(['이름', 'date', 'room_2']);
  });

  it('ignores malformed placeholders when extracting, and reports them as written', () => {
    const text = 'Hi {{first name}} {{}} {{ok}} {{a-b}} and {{unclosed';
    expect(extractTemplateVariables(text)).toEqual(['ok']);
    expect(findInvalidTemplateVariables(text)).toEqual(['{{first name}}', '{{}}', '{{a-b}}', '{{unclosed']);
    expect(findInvalidTemplateVariables('{{name}} costs {price}')).toEqual([]);
  });

  it('substitutes given values and lists the missing ones', () => {
    const { result, missing } = applyTemplateVariables('{{name}}님, {{date}} {{time}} {{date}}', {
      name: '김철수',
      date: '3월 1일',
    });
    expect(result).toBe('김철수님, 3월 1일 {{time}} 3월 1일');
    expect(missing).toEqual(['time']);
  });

  it('does not expand placeholders inside substituted values, nor read inherited keys', () => {
    const { result, missing } = applyTemplateVariables('{{a}} {{constructor}}', { a: '{{b}} $&' });
    expect(result).toBe('{{b}} $& {{constructor}}');
    expect(missing).toEqual(['constructor']);
  });

  it('treats an empty value as given', () => {
    expect(applyTemplateVariables('[{{x}}]', { x: '' })).toEqual({ result: '[]', missing: [] });
  });

  it('writes and reads the variables JSON of a template', () => {
    const json = templateVariablesJson(['name', 'date']);
    expect(json).toBe('{"name":"","date":""}');
    expect(parseTemplateVariablesJson(json)).toEqual(['name', 'date']);
    expect(parseTemplateVariablesJson('not json')).toEqual([]);
    expect(parseTemplateVariablesJson('["name"]')).toEqual([]);
  });
});

const validTemplate = {
  name: '회의 안내',
  subject: '{{date}} 회의',
  content: '{{name}}님 참석 바랍니다.',
};

describe('template request', () => {
  it('accepts content as the body, folds it into bodyText and fills defaults', () => {
    const parsed = templateRequestSchema.parse(validTemplate);
    expect(parsed).toMatchObject({
      bodyText: '{{name}}님 참석 바랍니다.',
      isShared: false,
      isActive: true,
    });
    expect('content' in parsed).toBe(false);
  });

  it('requires name, subject and body', () => {
    const result = templateRequestSchema.safeParse({ name: ' ', subject: '', bodyText: '  ' });
    expect(issuesOf(result)).toEqual({
      name: ['nameRequired'],
      subject: ['subjectRequired'],
      bodyText: ['bodyRequired'],
    });
  });

  it('limits the subject to 200 and the body to 10000 characters', () => {
    const result = templateRequestSchema.safeParse({
      name: 'n',
      subject: 'x'.repeat(201),
      content: 'y'.repeat(10_001),
    });
    expect(issuesOf(result)).toEqual({ subject: ['tooLong|200'], content: ['tooLong|10000'] });
    expect(
      templateRequestSchema.safeParse({
        name: 'n',
        subject: 'x'.repeat(200),
        bodyText: 'y'.repeat(10_000),
      }).success,
    ).toBe(true);
  });

  it('names each invalid variable, in the field where it is', () => {
    const result = templateRequestSchema.safeParse({
      ...validTemplate,
      subject: '{{회의 날짜}} 회의',
      content: '{{name}}님 {{ time }}',
    });
    const issues = issuesOf(result);
    expect(issues).toEqual({
      subject: ['invalidVariable|{{회의 날짜}}'],
      content: ['invalidVariable|{{ time }}'],
    });
    expect(localizeValidationMessage(issues['content']?.[0] ?? '', 'en')).toBe(
      'Invalid variable: {{ time }} (use {{name}})',
    );
  });

  it('checks a category colour and defaults it', () => {
    expect(templateCategoryRequestSchema.parse({ name: '업무' }).color).toBe('#3B82F6');
    expect(issuesOf(templateCategoryRequestSchema.safeParse({ name: '', color: 'blue' }))).toEqual({
      name: ['nameRequired'],
      color: ['invalidColor'],
    });
  });

  it('a bulk category change needs a category', () => {
    expect(issuesOf(templateBulkCategoryRequestSchema.safeParse({ templateIds: [1, 2] }))).toEqual({
      category: ['categoryRequired'],
    });
    expect(
      issuesOf(templateBulkCategoryRequestSchema.safeParse({ templateIds: [], category: 'BUSINESS' })),
    ).toEqual({ templateIds: ['idsRequired'] });
  });

  it('use requests default to no values', () => {
    expect(templateUseRequestSchema.parse({ templateId: 3 })).toEqual({
      templateId: 3,
      variableValues: {},
    });
  });
});

describe('template import', () => {
  const exported = {
    name: '감사 인사',
    subject: 'Thanks',
    bodyText: 'Dear {{name}}',
    bodyHtml: null,
    category: 'PERSONAL',
    categoryName: 'Personal',
    variables: '{"name":""}',
    isShared: false,
    isActive: true,
  };

  it('takes one exported template or an array, always giving an array', () => {
    expect(templateImportRequestSchema.parse(exported)).toHaveLength(1);
    expect(templateImportRequestSchema.parse([exported, { ...exported, name: 'b' }])).toHaveLength(2);
  });

  it('applies the template rules to imported files', () => {
    const result = templateImportRequestSchema.safeParse([{ ...exported, bodyText: 'Dear {{full name}}' }]);
    expect(issuesOf(result)).toEqual({ '0.bodyText': ['invalidVariable|{{full name}}'] });
    expect(issuesOf(templateImportRequestSchema.safeParse('hello'))).toEqual({
      '0': ['invalidTemplate'],
    });
    expect(issuesOf(templateImportRequestSchema.safeParse([]))).toEqual({
      '': ['invalidTemplate'],
    });
  });
});

describe('inferred template types', () => {
  it('carry one body field, and imports as an array', () => {
    expectTypeOf<TemplateRequest['bodyText']>().toEqualTypeOf<string>();
    expectTypeOf<TemplateRequest>().not.toHaveProperty('content');
    expectTypeOf<TemplateImportRequest>().toBeArray();
  });
});
