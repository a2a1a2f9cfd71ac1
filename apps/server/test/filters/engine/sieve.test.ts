import type { FilterCondition, FilterRequest } from '@postline/shared/filters';
import { FILTER_TEST_SAMPLES } from '@postline/shared/filter-samples';
import { describe, expect, it } from 'vitest';
import { evaluateFilter, planFilters } from '../../../src/modules/filters/engine/evaluate.js';
import {
  sampleToFilterableMessage,
  type FilterableMessage,
} from '../../../src/modules/filters/engine/message.js';
import { serverFilterRequestSchema } from '../../../src/modules/filters/engine/request-schema.js';
import { exportSieveScript } from '../../../src/modules/filters/engine/sieve-export.js';
import { importSieveScript } from '../../../src/modules/filters/engine/sieve-import.js';

const folders = new Map([
  ['7', 'Projects/2025'],
  ['12', 'INBOX.Meetings'],
]);
const folderName = (id: string) => folders.get(id) ?? null;
const resolveFolder = (name: string) => [...folders].find(([, n]) => n === name)?.[0] ?? null;

const request = (input: unknown): FilterRequest => serverFilterRequestSchema.parse(input);
const c = (conditionType: string, operator: string, value = '', extra = {}) => ({
  conditionType,
  operator,
  value,
  ...extra,
});
const a = (actionType: string, actionValue?: string) => ({ actionType, actionValue });

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

const roundcube = String.raw`require ["fileinto","imap4flags","vacation","copy","body","relational","comparator-i;ascii-numeric"];
# rule:[회의 메일]
if allof (header :contains "subject" "회의", address :domain :is "from" "company.co.kr")
{
	fileinto "INBOX.Meetings";
	addflag "\\Flagged";
}
# rule:[뉴스레터]
if anyof (header :contains "from" "newsletter@", header :contains "subject" ["[광고]", "(광고)"])
{
	fileinto "Junk";
	stop;
}
# rule:[Spam score]
if header :value "ge" :comparator "i;ascii-numeric" "X-Spam-Score" "5"
{
	discard;
}
# rule:[Disabled forward]
if false # address :all :is "from" "boss@example.com"
{
	redirect :copy "me@elsewhere.example";
}
# rule:[Away]
if true
{
	vacation :days 3 :subject "Out of office" text:
I am away until Monday.
..월요일에 돌아옵니다.
.
;
}
if size :over 5M
{
	fileinto :copy "Large";
	notify "mailto:x@example.com";
}
elsif body :text :contains "invoice"
{
	addflag ["$label_work", "\\Seen"];
}
`;

describe('importing a hand-written Roundcube-style script', () => {
  const result = importSieveScript(roundcube, { resolveFolder, language: 'en' });
  const byName = (name: string) => result.filters.filter((f) => f.name.startsWith(name));

  it('maps rules, names and actions', () => {
    expect(byName('회의 메일')).toEqual([
      request({
        name: '회의 메일',
        conditions: [c('SUBJECT', 'CONTAINS', '회의'), c('FROM', 'ENDS_WITH', '@company.co.kr')],
        actions: [a('MOVE_TO_FOLDER', '12'), a('MARK_STARRED')],
      }),
    ]);
    const away = byName('Away')[0];
    expect(away?.conditions).toEqual([
      c('SIZE', 'GREATER_THAN', '0', { caseSensitive: false, isRegex: false }),
    ]);
    expect(away?.actions).toEqual([
      {
        actionType: 'AUTO_REPLY',
        actionValue: 'I am away until Monday.\n.월요일에 돌아옵니다.',
        sortOrder: 0,
      },
    ]);
    expect(byName('Disabled forward')).toMatchObject([
      {
        isActive: false,
        conditions: [c('FROM', 'EQUALS', 'boss@example.com')],
        actions: [a('FORWARD', 'me@elsewhere.example')],
      },
    ]);
  });

  it('splits anyof into one filter per test that behave like the rule', () => {
    const split = byName('뉴스레터');
    expect(split.map((f) => f.name)).toEqual(['뉴스레터 (1/3)', '뉴스레터 (2/3)', '뉴스레터 (3/3)']);
    expect(split.map((f) => f.conditions[0]?.value)).toEqual(['newsletter@', '[광고]', '(광고)']);
    expect(
      split.every((f) => f.actions.map((x) => x.actionType).join() === 'MARK_SPAM,STOP_PROCESSING'),
    ).toBe(true);
    const ad = { ...sampleToFilterableMessage(FILTER_TEST_SAMPLES[2]!), subject: '(광고) 봄 세일' };
    expect(planFilters(result.filters, ad).actions.map((x) => x.actionType)).toEqual([
      'MARK_SPAM',
      'STOP_PROCESSING',
    ]);
  });

  it('turns elsif into the negation of the if before it', () => {
    const [big, elsif] = result.filters.slice(-2);
    expect([big?.name, elsif?.name]).toEqual(['Sieve rule 6', 'Sieve rule 6 / elsif']);
    expect(big?.conditions).toEqual([
      c('SIZE', 'GREATER_THAN', String(5 * 1024 * 1024), { caseSensitive: false, isRegex: false }),
    ]);
    expect(big?.actions).toEqual([{ actionType: 'MOVE_TO_FOLDER', actionValue: 'Large', sortOrder: 0 }]);
    expect(elsif?.conditions).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ conditionType: 'BODY', operator: 'CONTAINS', value: 'invoice' }),
        expect.objectContaining({
          conditionType: 'SIZE',
          operator: 'LESS_THAN',
          value: String(5 * 1024 * 1024 + 1),
        }),
      ]),
    );
    expect(elsif?.actions.map((x) => [x.actionType, x.actionValue])).toEqual([
      ['ADD_LABEL', '$label_work'],
      ['MARK_READ', null],
    ]);
    expect(result.missingFolders).toEqual(['Large']);
  });

  it('reports everything it could not map, with line numbers', () => {
    const lineOf = (text: string) => roundcube.split('\n').findIndex((l) => l.includes(text)) + 1;
    const got = result.warnings.map((w) => [w.code, w.line]);
    expect(got).toEqual(
      expect.arrayContaining([
        ['ruleSplit', lineOf('if anyof')],
        ['unsupportedTest', lineOf('X-Spam-Score')],
        ['vacationOptionsIgnored', lineOf('vacation :days')],
        ['folderNotFound', lineOf('"Large"')],
        ['copyBecomesMove', lineOf('"Large"')],
        ['unsupportedAction', lineOf('notify')],
      ]),
    );
    expect(got).toHaveLength(6);
    expect(result.warnings.find((w) => w.code === 'unsupportedTest')?.source).toContain('X-Spam-Score');
    expect(result.warnings.find((w) => w.code === 'vacationOptionsIgnored')?.message).toContain(
      ':days :subject',
    );
  });
});

describe('Sieve import problems', () => {
  it('answers a syntax error with a warning at its line and no filters', () => {
    const result = importSieveScript(
      'require "fileinto";\nif header :contains "subject" "x"\n{\n  fileinto "a"\n}\n',
    );
    expect(result.filters).toEqual([]);
    expect(result.warnings).toMatchObject([{ code: 'syntaxError', line: 5 }]);
    expect(result.warnings[0]?.message).toMatch(/Sieve/);
  });

  it('skips nested rules and elsif after a test that cannot be negated, saying so', () => {
    const script = [
      'if header :matches "subject" "*[회의]*"',
      '{',
      '  addflag "\\\\Seen";',
      '  if size :over 1K { discard; }',
      '}',
      'elsif header :contains "subject" "x" { discard; }',
      'if header :matches "subject" "주간*보고" { stop; }',
    ].join('\n');
    const result = importSieveScript(script, { language: 'en' });
    expect(result.filters.map((f) => f.conditions.map((x) => `${x.operator}:${x.value}`))).toEqual([
      ['CONTAINS:[회의]'],
      ['NOT_CONTAINS:[회의]', 'CONTAINS:x'],
      ['REGEX:(?s)^주간.*보고$'],
    ]);
    expect(result.warnings.map((w) => [w.code, w.line])).toEqual([['nestedRule', 4]]);
  });

  it('lets the elsif of a disabled rule run without the disabled test, as Sieve does', () => {
    const script = [
      '# rule:[first]',
      'if false # header :contains "subject" "a"',
      '{',
      '  discard;',
      '}',
      'elsif header :contains "subject" "b"',
      '{',
      '  # rule:[not a name: inside a block]',
      '  stop;',
      '}',
      'if exists "cc" { keep; addflag "x"; }',
    ].join('\n');
    const result = importSieveScript(script, { language: 'en' });
    expect(
      result.filters.map((f) => [f.name, f.isActive, f.conditions.map((x) => `${x.operator}:${x.value}`)]),
    ).toEqual([
      ['first', false, ['CONTAINS:a']],
      ['first / elsif', true, ['CONTAINS:b']],
      ['Sieve rule 2', true, ['EXISTS:']],
    ]);
  });
});
