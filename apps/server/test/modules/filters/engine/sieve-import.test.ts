import { FILTER_TEST_SAMPLES } from '@postline/shared/filter-samples';
import { describe, expect, it } from 'vitest';
import { planFilters } from '../../../../src/modules/filters/engine/evaluate.js';
import { sampleToFilterableMessage } from '../../../../src/modules/filters/engine/message.js';
import { importSieveScript } from '../../../../src/modules/filters/engine/sieve-import.js';
import { a, c, request, resolveFolder } from './sieve-fixtures.js';

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
    // Roundcube's vacation rule is the away reply (issue 37), its days and subject kept; no filter.
    expect(byName('Away')).toEqual([]);
    expect(result.awayReply).toEqual({
      enabled: true,
      firstDay: null,
      lastDay: null,
      subject: 'Out of office',
      body: 'I am away until Monday.\n.월요일에 돌아옵니다.',
      intervalDays: 3,
    });
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
    expect([big?.name, elsif?.name]).toEqual(['Sieve rule 5', 'Sieve rule 5 / elsif']);
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
        ['folderNotFound', lineOf('"Large"')],
        ['copyBecomesMove', lineOf('"Large"')],
        ['unsupportedAction', lineOf('notify')],
      ]),
    );
    expect(got).toHaveLength(5);
    expect(result.warnings.find((w) => w.code === 'unsupportedTest')?.source).toContain('X-Spam-Score');
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
