import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, signIn, type SignedIn, type TestServer } from '../../helpers/test-app.js';
import { eventually, messagesOf } from '../helpers/rows.js';
import { sendMessage } from '../helpers/smtp-client.js';

let ctx: TestServer;
let jun: SignedIn;

const smtpPort = () => ctx.server.smtp?.port ?? 0;

beforeAll(async () => {
  ctx = await createTestServer({ SERVICES: 'smtp' });
  jun = await signIn(ctx.app, 'jun@postline.local', '이준');
});
afterAll(async () => {
  await ctx?.close();
});

/** An invitation as Outlook and Google send it: text, then the calendar as an alternative part. */
function invitationMail(subject: string, calendar: string): Buffer {
  return Buffer.from(
    [
      'From: =?UTF-8?B?6rmA7YyA7J6l?= <lead@partner.example>',
      'To: jun@postline.local',
      `Subject: ${subject}`,
      'MIME-Version: 1.0',
      'Content-Type: multipart/alternative; boundary="alt"',
      '',
      '--alt',
      'Content-Type: text/plain; charset=utf-8',
      '',
      '회의에 초대합니다.',
      '--alt',
      'Content-Type: text/calendar; charset=utf-8; method=REQUEST',
      '',
      calendar.trim(),
      '--alt--',
      '',
    ].join('\r\n'),
    'utf8',
  );
}

async function invitationOf(subject: string, calendar: string) {
  const result = await sendMessage(
    smtpPort(),
    { from: 'lead@partner.example', to: ['jun@postline.local'] },
    invitationMail(subject, calendar),
  );
  expect(result.final).toMatch(/^250 /);
  const row = await eventually(async () =>
    (await messagesOf(ctx.db.database, jun.user.id)).find((m) => m.subject === subject),
  );
  const res = await ctx.app.inject({
    method: 'GET',
    url: `/api/v1/messages/${row.id}`,
    headers: jun.headers,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { invitation: unknown; attachments: Array<{ contentType: string }> };
}

describe('calendar invitations', () => {
  it('reads an Outlook invitation: title, the time in its own VTIMEZONE, place, organizer and answers', async () => {
    const message = await invitationOf(
      'Outlook invitation',
      `
BEGIN:VCALENDAR
METHOD:REQUEST
PRODID:Microsoft Exchange Server 2010
VERSION:2.0
BEGIN:VTIMEZONE
TZID:Korea Standard Time
BEGIN:STANDARD
DTSTART:16010101T000000
TZOFFSETFROM:+0900
TZOFFSETTO:+0900
END:STANDARD
END:VTIMEZONE
BEGIN:VEVENT
UID:outlook-1
SUMMARY;LANGUAGE=ko-KR:주간 회의
DTSTART;TZID=Korea Standard Time:20261201T100000
DTEND;TZID=Korea Standard Time:20261201T113000
LOCATION;LANGUAGE=ko-KR:본사 3층 회의실
ORGANIZER;CN=김팀장:mailto:lead@partner.example
ATTENDEE;ROLE=REQ-PARTICIPANT;PARTSTAT=NEEDS-ACTION;RSVP=TRUE;CN=이준:mailto:jun@postline.local
ATTENDEE;ROLE=OPT-PARTICIPANT;PARTSTAT=ACCEPTED;CN=Emma Park:mailto:emma@partner.example
END:VEVENT
END:VCALENDAR`,
    );
    expect(message.invitation).toEqual({
      method: 'REQUEST',
      title: '주간 회의',
      start: '2026-12-01T01:00:00.000Z',
      end: '2026-12-01T02:30:00.000Z',
      allDay: false,
      location: '본사 3층 회의실',
      organizer: { name: '김팀장', address: 'lead@partner.example', status: null },
      attendees: [
        { name: '이준', address: 'jun@postline.local', status: 'NEEDS-ACTION' },
        { name: 'Emma Park', address: 'emma@partner.example', status: 'ACCEPTED' },
      ],
    });
    // The .ics stays downloadable.
    expect(message.attachments.some((a) => a.contentType.startsWith('text/calendar'))).toBe(true);
  });

  it('converts an IANA time zone the file does not describe, and a duration instead of an end', async () => {
    const message = await invitationOf(
      'Google invitation',
      `
BEGIN:VCALENDAR
METHOD:REQUEST
VERSION:2.0
BEGIN:VEVENT
UID:google-1
SUMMARY:Launch review
DTSTART;TZID=America/New_York:20260702T090000
DURATION:PT45M
END:VEVENT
END:VCALENDAR`,
    );
    // 09:00 in New York in July is EDT, UTC-4.
    expect(message.invitation).toMatchObject({
      title: 'Launch review',
      start: '2026-07-02T13:00:00.000Z',
      end: '2026-07-02T13:45:00.000Z',
      allDay: false,
      location: null,
      organizer: null,
      attendees: [],
    });
  });

  it('keeps an all-day event as dates, and says when an event is cancelled', async () => {
    const message = await invitationOf(
      'Workshop cancelled',
      `
BEGIN:VCALENDAR
METHOD:CANCEL
VERSION:2.0
BEGIN:VEVENT
UID:allday-1
SUMMARY:워크숍
DTSTART;VALUE=DATE:20261215
DTEND;VALUE=DATE:20261217
STATUS:CANCELLED
END:VEVENT
END:VCALENDAR`,
    );
    expect(message.invitation).toMatchObject({
      method: 'CANCEL',
      title: '워크숍',
      start: '2026-12-15',
      end: '2026-12-17',
      allDay: true,
    });
  });

  it('delivers a mail whose calendar does not parse, without an invitation', async () => {
    const message = await invitationOf('Broken calendar', 'BEGIN:VCALENDAR\r\nthis is not iCalendar');
    expect(message.invitation).toBeNull();
  });
});
