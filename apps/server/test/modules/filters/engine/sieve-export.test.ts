import type { FilterCondition, FilterRequest } from '@postline/shared/filters';
import { FILTER_TEST_SAMPLES } from '@postline/shared/filter-samples';
import { describe, expect, it } from 'vitest';
import { evaluateFilter } from '../../../../src/modules/filters/engine/evaluate.js';
import {
  sampleToFilterableMessage,
  type FilterableMessage,
} from '../../../../src/modules/filters/engine/message.js';
import { exportSieveScript } from '../../../../src/modules/filters/engine/sieve-export.js';
import { importSieveScript } from '../../../../src/modules/filters/engine/sieve-import.js';
import { a, c, folderName, request, resolveFolder } from './sieve-fixtures.js';

/** Filters whose every condition and action has one Sieve form that reads back the same. */
const exact: FilterRequest[] = [
  request({
    name: '회의 메일',
    conditions: [
      c('SUBJECT', 'CONTAINS', '회의 "정기" \\ 안내'),
      c('FROM', 'EQUALS', 'boss@company.co.kr'),
      c('TO', 'NOT_EQUALS', 'list@company.co.kr'),
      c('CC', 'NOT_CONTAINS', 'hr@'),
    ],
    actions: [a('MOVE_TO_FOLDER', '7'), a('MARK_READ'), a('ADD_LABEL', 'work'), a('STOP_PROCESSING')],
  }),
  request({
    name: 'Invoices [billing]',
    conditions: [
      c('FROM', 'STARTS_WITH', 'billing*'),
      c('SUBJECT', 'ENDS_WITH', 'invoice?'),
      c('BODY', 'CONTAINS', 'Payment', { caseSensitive: true }),
      c('HAS_ATTACHMENT', 'EXISTS'),
      c('ATTACHMENT', 'ENDS_WITH', '.pdf'),
      c('SIZE', 'GREATER_THAN', '1000'),
    ],
    actions: [a('MARK_STARRED'), a('FORWARD', 'accounting@company.co.kr'), a('SKIP_INBOX')],
  }),
  request({
    name: 'Big and important',
    isActive: false,
    conditions: [
      c('SIZE', 'EQUALS', '2048'),
      c('IMPORTANCE', 'EQUALS', 'NORMAL'),
      c('BCC', 'NOT_EXISTS'),
      c('SUBJECT', 'EXISTS'),
    ],
    actions: [a('UNSTAR'), a('MARK_UNREAD'), a('NOT_SPAM'), a('DELETE')],
  }),
  request({
    name: 'Alerts',
    conditions: [
      c('SUBJECT', 'REGEX', '^\\[(alert|경보)\\]'),
      c('IMPORTANCE', 'NOT_EQUALS', 'LOW'),
      c('SIZE', 'LESS_THAN', '500000'),
      c('HAS_ATTACHMENT', 'NOT_EXISTS'),
    ],
    actions: [a('AUTO_REPLY', '확인했습니다.\nReceived, thanks.'), a('MARK_SPAM')],
  }),
];

const sortConditions = (list: FilterCondition[]) =>
  [...list].sort((x, y) => JSON.stringify(x).localeCompare(JSON.stringify(y)));

describe('Sieve export', () => {
  const { script, warnings } = exportSieveScript(exact, { folderName });

  it('writes a Roundcube-style script with the extensions it uses', () => {
    expect(warnings).toEqual([]);
    const lines = script.split('\n');
    expect(lines[0]).toBe('require ["fileinto","imap4flags","copy","vacation","regex","body","mime"];');
    expect(lines[1]).toBe('# rule:[회의 메일]');
    expect(lines[2]).toBe(
      'if allof (header :contains "subject" "회의 \\"정기\\" \\\\ 안내", address :all :is "from" "boss@company.co.kr", ' +
        'not address :all :is "to" "list@company.co.kr", not header :contains "cc" "hr@")',
    );
    expect(script).toContain(
      '\tfileinto "Projects/2025";\n\taddflag "\\\\Seen";\n\taddflag "work";\n\tstop;\n}',
    );
    expect(script).toContain('address :all :matches "from" "billing\\\\**"');
    expect(script).toContain('body :text :contains :comparator "i;octet" "Payment"');
    expect(script).toContain('redirect :copy "accounting@company.co.kr";');
    expect(script).toContain(
      'if false # allof (not size :over 2048, not size :under 2048, not header :is "importance" ["high", "low"]',
    );
    expect(script).toContain('\tdiscard;');
    expect(script).toContain('vacation :days 1 "확인했습니다.\nReceived, thanks.";');
  });

  it('reports what it cannot write instead of dropping it quietly', () => {
    const result = exportSieveScript(
      [
        request({
          name: 'x',
          conditions: [c('SUBJECT', 'CONTAINS', 'a')],
          actions: [a('MOVE_TO_FOLDER', '99'), a('ADD_LABEL', '중요 업무'), a('AUTO_REPLY', 'template:3')],
        }),
      ],
      { folderName, language: 'en' },
    );
    expect(result.warnings.map((w) => w.code)).toEqual([
      'folderUnknown',
      'labelNotKeyword',
      'templateUnknown',
    ]);
    expect(result.warnings[0]?.message).toContain('99');
    expect(result.script).toContain('addflag "중요 업무";');
  });
});

describe('Sieve round trip', () => {
  it('imports its own export as the same filters', () => {
    const { script } = exportSieveScript(exact, { folderName });
    const back = importSieveScript(script, { resolveFolder });
    expect(back.warnings).toEqual([]);
    expect(back.missingFolders).toEqual([]);
    expect(back.filters).toHaveLength(exact.length);
    back.filters.forEach((filter, i) => {
      const original = exact[i] as FilterRequest;
      expect({ ...filter, conditions: sortConditions(filter.conditions) }).toEqual({
        ...original,
        conditions: sortConditions(original.conditions),
      });
    });
  });

  it('keeps the meaning of regex options that Sieve writes as :regex', () => {
    const options = [
      request({
        name: 'r1',
        conditions: [c('FROM', 'EQUALS', 'minji\\.kim@.*', { isRegex: true })],
        actions: [a('MARK_READ')],
      }),
      request({
        name: 'r2',
        conditions: [c('SUBJECT', 'STARTS_WITH', '\\[[^\\]]+\\]', { isRegex: true })],
        actions: [a('MARK_READ')],
      }),
      request({
        name: 'r3',
        conditions: [c('ATTACHMENT', 'EXISTS'), c('TO', 'ENDS_WITH', '.local')],
        actions: [a('MARK_READ')],
      }),
    ];
    const back = importSieveScript(exportSieveScript(options).script);
    expect(back.filters).toHaveLength(3);
    const messages: FilterableMessage[] = [
      ...FILTER_TEST_SAMPLES.map(sampleToFilterableMessage),
      {
        ...sampleToFilterableMessage(FILTER_TEST_SAMPLES[1]!),
        fromAddress: 'minji.kim@company.co.kr',
        subject: '[회의] 안내',
      },
    ];
    for (const m of messages) {
      options.forEach((f, i) =>
        expect(evaluateFilter(back.filters[i]!, m).matched).toBe(evaluateFilter(f, m).matched),
      );
    }
    expect(messages.some((m) => evaluateFilter(options[0]!, m).matched)).toBe(true);
  });
});
