import { describe, expect, it } from 'vitest';
import { planFilters } from '../../../../src/modules/filters/engine/evaluate.js';
import { importGmailFilters } from '../../../../src/modules/filters/engine/gmail.js';
import type { FilterableMessage } from '../../../../src/modules/filters/engine/message.js';

const entry = (id: number, props: Record<string, string>) => `
	<entry>
		<category term='filter'></category>
		<title>Mail Filter</title>
		<id>tag:mail.google.com,2008:filter:z00000017000000000${id}</id>
		<updated>2025-03-14T01:00:00Z</updated>
		<content></content>
${Object.entries(props)
  .map(([name, value]) => `		<apps:property name='${name}' value='${value}'/>`)
  .join('\n')}
	</entry>`;

const xml = `<?xml version='1.0' encoding='UTF-8'?><feed xmlns='http://www.w3.org/2005/Atom' xmlns:apps='http://schemas.google.com/apps/2006'>
	<title>Mail Filters</title>
	<id>tag:mail.google.com,2008:filters:z0000001700000000001</id>
	<updated>2025-03-14T01:00:00Z</updated>
	<author><name>홍길동</name><email>gildong@gmail.com</email></author>
${entry(1, { from: 'boss@company.co.kr', label: '업무/중요', shouldStar: 'true', sizeOperator: 's_sl', sizeUnit: 's_smb' })}
${entry(2, { subject: '&quot;주간 보고&quot;', hasTheWord: 'has:attachment -draft', size: '5', sizeOperator: 's_sl', sizeUnit: 's_smb', shouldArchive: 'true', shouldMarkAsRead: 'true' })}
${entry(3, { from: 'a@x.com OR b@y.com', forwardTo: 'me@elsewhere.example' })}
${entry(4, { hasTheWord: 'label:work is:unread', shouldTrash: 'true' })}
${entry(5, { from: 'news@shop.example.com', shouldTrash: 'true', smartLabelToApply: '^smartlabel_promo', shouldNeverMarkAsImportant: 'true' })}
${entry(6, { to: 'me@gmail.com', doesNotHaveTheWord: 'unsubscribe 광고', shouldAlwaysMarkAsImportant: 'true', size: '200', sizeOperator: 's_ss', sizeUnit: 's_skb' })}
${entry(7, { hasTheWordFancy: 'x', shouldStar: 'true' })}
</feed>`;

const base: FilterableMessage = {
  subject: '안녕하세요',
  fromAddress: 'someone@example.com',
  fromName: null,
  toAddresses: ['me@gmail.com'],
  ccAddresses: [],
  bccAddresses: [],
  bodyText: 'hello',
  attachmentNames: [],
  hasAttachments: false,
  importance: 'NORMAL',
  sizeBytes: 1000,
};
const lineOf = (text: string) => xml.split('\n').findIndex((l) => l.includes(text)) + 1;

describe('Gmail mailFilters.xml import', () => {
  const result = importGmailFilters(xml, { language: 'en' });
  const conditionsOf = (i: number) =>
    result.filters[i]?.conditions.map((c) => `${c.conditionType} ${c.operator} ${c.value}`);
  const actionsOf = (i: number) =>
    result.filters[i]?.actions.map((a) => `${a.actionType}${a.actionValue ? ` ${a.actionValue}` : ''}`);

  it('imports a Korean label with its other actions', () => {
    expect(result.filters[0]?.name).toBe('Gmail: from:boss@company.co.kr');
    expect(conditionsOf(0)).toEqual(['FROM CONTAINS boss@company.co.kr']);
    expect(actionsOf(0)).toEqual(['ADD_LABEL 업무/중요', 'MARK_STARRED']);
    const plan = planFilters(result.filters, { ...base, fromAddress: 'boss@company.co.kr' });
    expect(plan.actions.map((a) => a.actionValue)).toContain('업무/중요');
  });

  it('maps phrases, search operators, sizes and the archive and read flags', () => {
    expect(conditionsOf(1)).toEqual([
      'SUBJECT CONTAINS 주간 보고',
      'HAS_ATTACHMENT EXISTS ',
      'BODY NOT_CONTAINS draft',
      `SIZE GREATER_THAN ${5 * 1024 * 1024}`,
    ]);
    expect(actionsOf(1)).toEqual(['MARK_READ', 'SKIP_INBOX']);
  });

  it('splits OR into filters that never forward the same mail twice', () => {
    expect(conditionsOf(2)).toEqual(['FROM CONTAINS a@x.com']);
    expect(conditionsOf(3)).toEqual(['FROM CONTAINS b@y.com', 'FROM NOT_CONTAINS a@x.com']);
    const plan = planFilters(result.filters, {
      ...base,
      fromAddress: 'a@x.com',
      toAddresses: ['b@y.com'],
      fromName: 'b@y.com',
    });
    expect(plan.actions.filter((a) => a.actionType === 'FORWARD')).toHaveLength(1);
  });

  it('reads "does not have" as none of the words, and the smaller-than size in KB', () => {
    const i = result.filters.findIndex((f) => f.conditions.some((c) => c.conditionType === 'TO'));
    expect(conditionsOf(i)).toEqual([
      'TO CONTAINS me@gmail.com',
      'BODY NOT_CONTAINS unsubscribe',
      'BODY NOT_CONTAINS 광고',
      `SIZE LESS_THAN ${200 * 1024}`,
    ]);
    expect(actionsOf(i)).toEqual(['ADD_LABEL important']);
  });

  it('reports unsupported searches, actions and criteria with their entry lines', () => {
    const entryLine = (id: number) => lineOf(`filter:z00000017000000000${id}<`) - 3;
    expect(result.warnings.map((w) => [w.code, w.line])).toEqual([
      ['ruleSplit', entryLine(3)],
      ['unsupportedQuery', entryLine(4)],
      ['unsupportedProperty', entryLine(5)],
      ['unsupportedProperty', entryLine(5)],
      ['unknownProperty', entryLine(7)],
    ]);
    expect(result.warnings[1]?.message).toContain('label:work');
    expect(result.warnings.slice(2, 4).map((w) => w.source)).toEqual([
      'smartLabelToApply=^smartlabel_promo',
      'shouldNeverMarkAsImportant=true',
    ]);
    // Entry 4 (unsupported search) and 7 (unknown criterion) are left out; entry 5 keeps its trash action.
    expect(result.filters).toHaveLength(6);
    expect(result.filters.some((f) => f.conditions.some((c) => c.value === 'news@shop.example.com'))).toBe(
      true,
    );
  });

  it('answers a broken file with a warning and no filters', () => {
    const broken = importGmailFilters(
      "<feed>\n<entry><apps:property name='from' value='x'></entry>\n</feed>",
      { language: 'ko' },
    );
    expect(broken.filters).toEqual([]);
    expect(broken.warnings).toMatchObject([{ code: 'invalidXml', line: 2 }]);
    expect(broken.warnings[0]?.message).toContain('Gmail');
    expect(importGmailFilters('<feed></feed>').warnings.map((w) => w.code)).toEqual(['noFilters']);
  });

  it('decodes character references but never expands DOCTYPE entities', () => {
    const one = (value: string, doctype = '') =>
      importGmailFilters(
        `<?xml version='1.0'?>${doctype}<feed xmlns:apps='x'><entry>` +
          `<apps:property name='from' value='${value}'/><apps:property name='shouldStar' value='true'/></entry></feed>`,
      ).filters[0]?.conditions[0]?.value;
    expect(one('&#54620;&#xAE38;&amp;co')).toBe('한길&co');
    let doctype = '<!DOCTYPE feed [<!ENTITY e0 "aaaaaaaaaa">';
    for (let i = 1; i < 8; i += 1) doctype += `<!ENTITY e${i} "${`&e${i - 1};`.repeat(10)}">`;
    expect(one('&e7;', `${doctype}]>`)).toBe('&e7;');
  });
});
