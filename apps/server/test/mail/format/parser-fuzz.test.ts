import fc from 'fast-check';
import iconv from 'iconv-lite';
import { describe, expect, it } from 'vitest';
import { decodeDetected, detectCharset } from '../../../src/mail/format/charset-detect.js';
import { readInvitation } from '../../../src/mail/format/invitation.js';
import { parseIncoming } from '../../../src/mail/format/incoming-mime.js';

/*
 * Issue 32: every parser of what a stranger sends, given what a fuzzer makes of it. None may throw
 * out of its contract, and none may take long: a bounded number of runs, each timed. The bound is
 * loose for a loaded machine and far below the seconds to minutes the attack run found.
 */

const RUNS = { numRuns: 150, seed: 32 };
const SLOW_MS = 500;

function timed<T>(work: () => T): { value: T; ms: number } {
  const started = performance.now();
  const value = work();
  return { value, ms: performance.now() - started };
}

const year = fc.oneof(fc.integer({ min: 0, max: 99_999 }), fc.integer({ min: 1990, max: 2040 }));
const stamp = fc
  .tuple(year, fc.integer({ min: 1, max: 12 }), fc.integer({ min: 1, max: 28 }))
  .map(
    ([y, m, d]) =>
      `${String(y).padStart(4, '0')}${String(m).padStart(2, '0')}${String(d).padStart(2, '0')}T100000`,
  );
const freq = fc.constantFrom(
  'SECONDLY',
  'MINUTELY',
  'HOURLY',
  'DAILY',
  'WEEKLY',
  'MONTHLY',
  'YEARLY',
  'BOGUS',
);
const byPart = fc.constantFrom(
  ';BYSECOND=0,1,2,3,4,5,6,7,8,9',
  ';BYMINUTE=0,15,30,45',
  ';BYHOUR=0,1,2,3',
  ';BYMONTH=3',
  ';BYDAY=-1SU',
  ';BYMONTHDAY=1,2,3,4,5,6,7,8',
  ';INTERVAL=0',
  ';COUNT=99999999',
  '',
);
const rule = fc
  .tuple(freq, fc.array(byPart, { maxLength: 3 }))
  .map(([f, parts]) => `RRULE:FREQ=${f}${parts.join('')}`);
const bigNumber = fc.oneof(
  fc.integer({ min: 0, max: 100 }),
  fc.constant(999_999_999),
  fc.constant(99_999_999_999),
);
const duration = fc
  .tuple(fc.constantFrom('W', 'D', 'DT', 'H'), bigNumber)
  .map(([unit, n]) =>
    unit === 'DT' ? `DURATION:P${n}DT${n}H` : unit === 'H' ? `DURATION:PT${n}H` : `DURATION:P${n}${unit}`,
  );
const junk = fc.string({ maxLength: 40, unit: 'binary' }).map((s) => s.replace(/[\r\n]/g, ' '));

const calendar = fc
  .record({
    zoneStart: stamp,
    rules: fc.array(rule, { maxLength: 3 }),
    start: stamp,
    zoned: fc.boolean(),
    duration: fc.option(duration),
    end: fc.option(stamp),
    summary: junk,
    extra: fc.array(junk, { maxLength: 3 }),
  })
  .map((c) =>
    [
      'BEGIN:VCALENDAR',
      'BEGIN:VTIMEZONE',
      'TZID:Fuzz',
      'BEGIN:STANDARD',
      `DTSTART:${c.zoneStart}`,
      ...c.rules,
      'TZOFFSETFROM:+0900',
      'TZOFFSETTO:+0800',
      'END:STANDARD',
      'END:VTIMEZONE',
      'BEGIN:VEVENT',
      `DTSTART${c.zoned ? ';TZID=Fuzz' : ''}:${c.start}`,
      ...(c.duration ? [c.duration] : []),
      ...(c.end ? [`DTEND:${c.end}`] : []),
      `SUMMARY:${c.summary}`,
      `ATTENDEE;CN=${c.summary}:mailto:a@b.c`,
      ...c.extra,
      'END:VEVENT',
      'END:VCALENDAR',
    ].join('\r\n'),
  );

describe('the calendar reader', () => {
  it('reads any calendar quickly, without throwing, and stores no NUL', () => {
    fc.assert(
      fc.property(calendar, (text) => {
        const part = {
          filename: 'x.ics',
          contentType: 'text/calendar',
          content: Buffer.from(text),
          isInline: false,
        };
        const { value, ms } = timed(() => readInvitation([part, part, part]));
        expect(ms).toBeLessThan(SLOW_MS);
        expect(JSON.stringify(value ?? {})).not.toContain('\\u0000');
      }),
      RUNS,
    );
  });
});

describe('the charset guess', () => {
  it('decodes any bytes without throwing', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 4096 }), (bytes) => {
        const buffer = Buffer.from(bytes);
        expect(typeof detectCharset(buffer)).toBe('string');
        expect(typeof decodeDetected(buffer)).toBe('string');
      }),
      RUNS,
    );
  });

  it('reads UTF-8 text as itself and CP949 Korean as Korean', () => {
    const korean = fc.array(fc.integer({ min: 0xac00, max: 0xd7a3 }), { minLength: 1, maxLength: 200 });
    fc.assert(
      fc.property(fc.string({ maxLength: 300 }), korean, (text, codes) => {
        expect(decodeDetected(Buffer.from(text, 'utf8'))).toBe(text);
        const hangul = String.fromCharCode(
          ...codes.filter((c) => iconv.encode(String.fromCharCode(c), 'cp949').length === 2),
        );
        if (hangul) expect(decodeDetected(iconv.encode(hangul, 'cp949'))).toBe(hangul);
      }),
      RUNS,
    );
  });
});

const headerName = fc.constantFrom(
  'From',
  'To',
  'Cc',
  'Subject',
  'Message-ID',
  'In-Reply-To',
  'References',
  'Content-Type',
  'Content-Transfer-Encoding',
  'Date',
  'X-Priority',
  'Auto-Submitted',
  'List-Id',
);
const headerValue = fc.oneof(
  junk,
  fc.constantFrom('=?UTF-8?B?7ZWc6riA?=', '=?euc-kr?Q?=C7=D1?=', 'multipart/mixed; boundary=', '<a@b>', ''),
  fc.array(fc.constantFrom('<x@y>', '<', '>', ' '), { maxLength: 400 }).map((ids) => ids.join(' ')),
);

describe('the message parser', () => {
  it('reads any header soup into a message with bounded ids, without throwing', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.tuple(headerName, headerValue), { maxLength: 12 }),
        fc.uint8Array({ maxLength: 2048 }),
        async (headers, body) => {
          const raw = Buffer.concat([
            Buffer.from(headers.map(([name, value]) => `${name}: ${value}\r\n`).join('') + '\r\n', 'latin1'),
            Buffer.from(body),
          ]);
          const started = performance.now();
          const mail = await parseIncoming(raw, raw.length);
          expect(performance.now() - started).toBeLessThan(SLOW_MS);
          expect(mail.messageIdHeader.length).toBeLessThanOrEqual(250);
          expect((mail.references ?? []).length).toBeLessThanOrEqual(50);
        },
      ),
      RUNS,
    );
  });
});
