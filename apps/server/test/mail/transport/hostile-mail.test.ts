import iconv from 'iconv-lite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { whileAnotherUserWorks } from '../../helpers/responsiveness.js';
import { createTestServer, signIn, type SignedIn, type TestServer } from '../../helpers/test-app.js';
import { eventually, messagesOf } from '../helpers/rows.js';
import { sendMessage } from '../helpers/smtp-client.js';

/*
 * Issue 32: a few hundred bytes from any stranger on port 25 could stop the server. Each message
 * here is one the attack run sent; each is delivered (250), stored with what could be read of it,
 * and all the while another user's requests are answered promptly. Run on both databases.
 */

let ctx: TestServer;
let jun: SignedIn;
let minji: SignedIn;
let sora: SignedIn;

beforeAll(async () => {
  ctx = await createTestServer({ SERVICES: 'web,smtp' });
  jun = await signIn(ctx.app, 'jun@postline.local', '이준');
  minji = await signIn(ctx.app, 'minji@postline.local', '김민지');
  sora = await signIn(ctx.app, 'sora@postline.local', '한소라');
});
afterAll(async () => {
  await ctx?.close();
});

const smtpPort = () => ctx.server.smtp!.port;
let sequence = 0;

function mail(subject: string, headers: string[], body: Buffer | string, to = 'jun@postline.local'): Buffer {
  const head = [
    'From: Stranger <stranger@attack.example>',
    `To: ${to}`,
    `Subject: ${subject}`,
    `Message-ID: <hostile-${++sequence}-${Date.now()}@attack.example>`,
    'MIME-Version: 1.0',
    ...headers,
    '',
    '',
  ].join('\r\n');
  return Buffer.concat([
    Buffer.from(head, 'latin1'),
    Buffer.isBuffer(body) ? body : Buffer.from(body, 'utf8'),
  ]);
}

function calendarMail(subject: string, calendars: string[]): Buffer {
  const parts = calendars.map((calendar) =>
    ['--cal', 'Content-Type: text/calendar; charset=utf-8; method=REQUEST', '', calendar.trim()].join('\r\n'),
  );
  return mail(
    subject,
    ['Content-Type: multipart/mixed; boundary="cal"'],
    ['--cal', 'Content-Type: text/plain; charset=utf-8', '', '초대합니다.', ...parts, '--cal--', ''].join(
      '\r\n',
    ),
  );
}

/** Sends while sora keeps reading her inbox; asserts she was answered promptly throughout. */
async function deliverWhileSoraReads(message: Buffer, to: string[] = ['jun@postline.local']) {
  const probe = await whileAnotherUserWorks(
    `${ctx.server.httpUrl}/api/v1/messages?mailboxType=INBOX`,
    sora.headers,
    sendMessage(smtpPort(), { from: 'stranger@attack.example', to }, message),
  );
  expect(probe.result.final, 'the sending server is told the mail was taken').toMatch(/^250 /);
  expect(probe.answered).toBeGreaterThan(0);
  expect(probe.slowestMs, 'the slowest of sora’s requests meanwhile').toBeLessThan(probe.promptMs);
  expect(probe.loopDelayMs, 'the event loop’s longest stall meanwhile').toBeLessThan(probe.promptMs);
  const health = await fetch(`${ctx.server.httpUrl}/api/v1/health`);
  expect(health.status).toBe(200);
}

async function storedFor(user: SignedIn, subject: string) {
  const row = await eventually(async () =>
    (await messagesOf(ctx.db.database, user.user.id)).find((m) => m.subject === subject),
  );
  const res = await fetch(`${ctx.server.httpUrl}/api/v1/messages/${row.id}`, { headers: user.headers });
  expect(res.status).toBe(200);
  return ((await res.json()) as { data: unknown }).data as {
    bodyText: string;
    bodyHtml: string | null;
    invitation: {
      title: string;
      start: string | null;
      end: string | null;
      attendees: { name: string | null }[];
    } | null;
  };
}

const EVENT = (lines: string) =>
  `BEGIN:VEVENT\r\nUID:x@attack.example\r\n${lines}\r\nSUMMARY:회의\r\nEND:VEVENT`;

describe('calendar parts a stranger writes', () => {
  it('a time zone that repeats every second (280 bytes) is read without expanding it, for every recipient', async () => {
    const zone = [
      'BEGIN:VCALENDAR',
      'BEGIN:VTIMEZONE',
      'TZID:Bomb',
      'BEGIN:STANDARD',
      'DTSTART:19700101T000000',
      'RRULE:FREQ=SECONDLY',
      'TZOFFSETFROM:+0900',
      'TZOFFSETTO:+0900',
      'END:STANDARD',
      'END:VTIMEZONE',
      EVENT('DTSTART;TZID=Bomb:20261201T100000'),
      'END:VCALENDAR',
    ].join('\r\n');
    await deliverWhileSoraReads(calendarMail('zone bomb', [zone]), [
      'jun@postline.local',
      'minji@postline.local',
    ]);
    for (const user of [jun, minji]) {
      const stored = await storedFor(user, 'zone bomb');
      expect(stored.invitation).toMatchObject({ title: '회의', start: '2026-12-01T10:00:00' });
    }
  });

  it('durations of millions of weeks or days give no end, and one broken part ends the reading', async () => {
    const calendar = (duration: string) =>
      ['BEGIN:VCALENDAR', EVENT(`DTSTART:20261201T100000Z\r\nDURATION:${duration}`), 'END:VCALENDAR'].join(
        '\r\n',
      );
    await deliverWhileSoraReads(
      calendarMail('duration bomb', [
        calendar('P999999999W'),
        'BEGIN:VCALENDAR\r\nthis is not iCalendar',
        calendar('P99999999999D'),
      ]),
    );
    const stored = await storedFor(jun, 'duration bomb');
    expect(stored.invitation).toMatchObject({ title: '회의', start: '2026-12-01T10:00:00.000Z', end: null });
  });

  it('a NUL in the summary or a name is dropped, not a reason to refuse the mail for ever', async () => {
    const calendar = [
      'BEGIN:VCALENDAR',
      'BEGIN:VEVENT',
      'UID:nul@attack.example',
      'DTSTART:20261201T100000Z',
      'SUMMARY:주간\u0000회의',
      'ATTENDEE;CN=Kim\u0000 Minji:mailto:minji@postline.local',
      'END:VEVENT',
      'END:VCALENDAR',
    ].join('\r\n');
    await deliverWhileSoraReads(calendarMail('nul in calendar', [calendar]));
    const stored = await storedFor(jun, 'nul in calendar');
    expect(stored.invitation).toMatchObject({ title: '주간회의', attendees: [{ name: 'Kim Minji' }] });
  });
});

describe('large bodies', () => {
  it('a 12 MB body in an unlabelled Korean charset is read off the event loop', async () => {
    const line = '안녕하세요 견적서를 보내드립니다 똠방각하\r\n';
    const body = iconv.encode(line.repeat(Math.ceil((12 * 1024 * 1024) / 60)), 'cp949');
    await deliverWhileSoraReads(
      mail('unlabelled korean', ['Content-Type: text/plain', 'Content-Transfer-Encoding: 8bit'], body),
    );
    const stored = await storedFor(jun, 'unlabelled korean');
    expect(stored.bodyText.startsWith('안녕하세요 견적서를')).toBe(true);
  });

  it('a 12 MB HTML body is shown as its text, not kept as HTML', async () => {
    const html = `<html><body><h1>뉴스레터</h1>${'<p>오늘의 소식 <b>굵게</b></p>\r\n'.repeat(400_000)}</body></html>`;
    await deliverWhileSoraReads(mail('huge html', ['Content-Type: text/html; charset=utf-8'], html));
    const stored = await storedFor(jun, 'huge html');
    expect(stored.bodyHtml).toBeNull();
    expect(stored.bodyText).toContain('오늘의 소식');
  });

  it('a 1 MB HTML body to five recipients is cleaned for all of them', async () => {
    const html = `<p>공지</p>${'<div onclick="steal()">내용 <script>x()</script><i>기울임</i></div>\r\n'.repeat(12_000)}`;
    const users = [jun, minji];
    for (const name of ['a', 'b', 'c']) users.push(await signIn(ctx.app, `${name}@postline.local`, name));
    await deliverWhileSoraReads(
      mail('html to five', ['Content-Type: text/html; charset=utf-8'], html),
      users.map((user) => user.user.email),
    );
    for (const user of users) {
      const stored = await storedFor(user, 'html to five');
      expect(stored.bodyHtml).toContain('<i>기울임</i>');
      expect(stored.bodyHtml).not.toMatch(/onclick|<script/);
    }
  });
});

describe('HTML too deep to read', () => {
  it('costs the message at most its text, never its files or its HTML view', async () => {
    const html = `<p>깊은 메일</p>${'<div>'.repeat(12_000)}`;
    const body = [
      '--m',
      'Content-Type: text/html; charset=utf-8',
      '',
      html,
      '--m',
      'Content-Type: application/pdf; name="견적서.pdf"',
      'Content-Disposition: attachment; filename="견적서.pdf"',
      'Content-Transfer-Encoding: base64',
      '',
      Buffer.from('%PDF-1.4 견적').toString('base64'),
      '--m--',
      '',
    ].join('\r\n');
    await deliverWhileSoraReads(mail('too deep', ['Content-Type: multipart/mixed; boundary="m"'], body));
    const stored = (await storedFor(jun, 'too deep')) as unknown as {
      bodyHtml: string | null;
      bodyClipped: boolean;
      attachments: { originalFilename: string }[];
    };
    expect(stored.attachments.map((a) => a.originalFilename)).toEqual(['견적서.pdf']);
    expect(stored.bodyHtml).toContain('깊은 메일');
  });
});

describe('headers', () => {
  it.each([
    // 1.7 MB of header: past what the MIME reader takes; the plain reader keeps its first part.
    [70_000, null],
    [2_000, '<ref-1999@attack.example>'],
  ])('References with %i ids is stored with at most 50 of them, the first kept', async (count, last) => {
    const ids = Array.from({ length: count }, (_, i) => `<ref-${i}@attack.example>`);
    const subject = `many references ${count}`;
    await deliverWhileSoraReads(
      mail(subject, [`References: ${ids.join('\r\n ')}`, 'Content-Type: text/plain'], 'x'),
    );
    const stored = (await storedFor(jun, subject)) as unknown as { references: string[] };
    expect(stored.references).toHaveLength(50);
    expect(stored.references[0]).toBe('<ref-0@attack.example>');
    if (last) expect(stored.references.at(-1)).toBe(last);
  });
});
