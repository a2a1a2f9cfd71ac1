import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatSearchNode, parseSearchQuery, type SearchNode } from '@postline/shared/search-syntax';
import type { TestContext } from '../../helpers/test-app.js';
import type { MailApi } from './mail-api.js';
import { openSearchFixture } from './search-fixture.js';

/**
 * Arbitrary text thrown at the search box (issue 32): at the parser, and at GET /messages/search
 * on a real database. Whatever it is (unicode, NUL, lone surrogates, huge numbers, operator soup,
 * broken percent escapes), the answer is a page or a refusal in the user's language, in time, and
 * never a 5xx. Runs are bounded; a failure prints the seed and the shrunk query to replay it.
 */

/** Gmail's operators with values at and past what a database holds, and what breaks parsers. */
const TEXT_OPERATORS = ['', 'from:', 'to:', 'cc:', 'bcc:', 'subject:', 'filename:', 'in:'];
const SIZES = ['99999999999999999999M', '9'.repeat(400), '3000M', '2147483648', '2047M', '1.5k', '0'];
const DATES = ['9999-12-31', '0100-01-01', '2024/2/29', '1970-01-01', '99999-01-01', '0000-01-01'];
const WORDS = [
  ...['회의', '돈', 'ﬃ', 'İ', 'ß', '\uFDFA', '"a b"', '%', '_', '\\', "'", ';', 'a', 'ab', '%E0%A4%A'],
  ...['\u0000', '\uD800', '\u202E', '\uFEFF', '😀', 'anywhere', 'trash', 'unread', 'attachment'],
];
const FRAGMENTS = [
  ...['(', ')', '{', '}', '"', '-', 'OR', '|', 'AND', 'AROUND'],
  ...['label:', 'is:', 'has:', ' ', '\t'],
];

/** One condition that reads, whose value reaches the SQL: the database must hold it. */
const condition = fc.oneof(
  fc.tuple(fc.constantFrom('larger:', 'smaller:', 'size:'), fc.constantFrom(...SIZES)),
  fc.tuple(fc.constantFrom('after:', 'before:', 'older:', 'newer:'), fc.constantFrom(...DATES)),
  fc.tuple(fc.constantFrom(...TEXT_OPERATORS), fc.constantFrom(...WORDS)),
  fc.tuple(fc.constantFrom('is:', 'has:'), fc.constantFrom('unread', 'read', 'starred', 'attachment')),
);
const wellFormed = fc
  .array(fc.tuple(fc.constantFrom('', '-'), condition, fc.constantFrom(' ', ' OR ')), {
    minLength: 1,
    maxLength: 8,
  })
  .map((terms) =>
    terms
      .map(([not, [operator, value], gap]) => not + operator + value + gap)
      .join('')
      .replace(/ OR $/, ''),
  );
const operatorSoup = fc
  .array(
    fc.oneof(
      fc.constantFrom(...FRAGMENTS),
      condition.map(([operator, value]) => operator + value),
    ),
    { maxLength: 12 },
  )
  .map((parts) => parts.join(''));
const anyText = fc.oneof(
  { arbitrary: wellFormed, weight: 3 },
  { arbitrary: operatorSoup, weight: 2 },
  fc.string({ unit: 'binary', maxLength: 120 }),
  fc.string({ unit: 'grapheme', maxLength: 120 }),
  fc.string({ maxLength: 700 }),
);

const sameIgnoringPhrase = (a: SearchNode, b: SearchNode) =>
  JSON.stringify(a).replace(/"phrase":(true|false)/g, '') ===
  JSON.stringify(b).replace(/"phrase":(true|false)/g, '');

function leaves(node: SearchNode): SearchNode[] {
  if (node.kind === 'and' || node.kind === 'or') return node.items.flatMap(leaves);
  return node.kind === 'not' ? leaves(node.item) : [node];
}

describe('the search query parser on arbitrary text', () => {
  it('answers a tree or a reason, with numbers and dates a database can hold, and reads its own output back', () => {
    fc.assert(
      fc.property(anyText, (text) => {
        const parsed = parseSearchQuery(text);
        if (!parsed.ok) {
          expect(typeof parsed.error.key).toBe('string');
          return;
        }
        if (!parsed.node) return;
        for (const leaf of leaves(parsed.node)) {
          if (leaf.kind === 'size') expect(Number.isSafeInteger(leaf.bytes) && leaf.bytes >= 0).toBe(true);
          if (leaf.kind === 'date') {
            expect(leaf.date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
            expect(new Date(`${leaf.date}T00:00:00Z`).toISOString().slice(0, 10)).toBe(leaf.date);
          }
        }
        // What the advanced search writes for a tree is read back as the same tree.
        const again = parseSearchQuery(formatSearchNode(parsed.node));
        expect(again.ok && again.node !== null && sameIgnoringPhrase(again.node, parsed.node)).toBe(true);
      }),
      { numRuns: 2_000 },
    );
  });
});

describe('GET /messages/search on arbitrary text', () => {
  let ctx: TestContext;
  let jun: MailApi;

  beforeAll(async () => {
    ({ ctx, jun } = await openSearchFixture());
  }, 120_000);
  afterAll(async () => ctx?.close());

  /** Percent-encodes the UTF-8 bytes, so a lone surrogate goes as U+FFFD rather than throwing. */
  const encode = (text: string) =>
    [...Buffer.from(text, 'utf8')].map((byte) => `%${byte.toString(16).padStart(2, '0')}`).join('');
  const otherParameter = fc.oneof(
    fc.constant(''),
    fc
      .constantFrom('page', 'size', 'startDate', 'endDate', 'keyword', 'from', 'sort', 'cursor')
      .chain((name) =>
        fc
          .oneof(anyText, fc.constantFrom('99999999999999999999', '-1', '9999-12-31', '1e3'))
          .map((value) => `&${name}=${encode(value)}`),
      ),
    // Raw, unencoded: broken escapes and separators as a client may send them.
    operatorSoup.map((raw) => `&q=${raw.replace(/[\s#]/g, '+')}`),
  );

  it('answers a page or a translated refusal in time, never a 5xx', async () => {
    // Generous for a loaded machine: a search's own budget is 1 s on PGlite and 5 s on PostgreSQL.
    const deadlineMs = 15_000;
    let slowest = 0;
    await fc.assert(
      fc.asyncProperty(
        anyText,
        otherParameter,
        fc.constantFrom('ko', 'en') as fc.Arbitrary<'ko' | 'en'>,
        async (q, extra, lang) => {
          const started = performance.now();
          const res = await jun.call('GET', `/messages/search?q=${encode(q)}${extra}`, undefined, lang);
          const took = performance.now() - started;
          slowest = Math.max(slowest, took);
          expect(took).toBeLessThan(deadlineMs);
          expect([q, extra, res.statusCode < 500]).toEqual([q, extra, true]);
          const body = res.json();
          if (res.statusCode === 200) expect(body.success).toBe(true);
          else
            expect(body).toMatchObject({
              success: false,
              code: expect.any(String),
              message: expect.any(String),
            });
        },
      ),
      { numRuns: 200 },
    );
    // Alive and right after it all.
    expect((await jun.call('GET', `/messages/search?q=${encode('회의')}`)).statusCode).toBe(200);
    console.info(`search fuzz: slowest answer ${Math.round(slowest)} ms`);
  }, 180_000);
});
