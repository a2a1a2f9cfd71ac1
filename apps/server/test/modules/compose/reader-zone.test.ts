import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { dayInZone } from '@postline/shared/time-zones';
import { createTestApp, signIn, type SignedIn, type TestContext } from '../../helpers/test-app.js';
import { apiFor, deliver, incoming, rows, simpleFilter } from '../filters/helpers.js';

/**
 * Issue 34: dates the server writes for a reader are in the reader's zone (X-Time-Zone, sent by
 * the web app with every request) and language: a forward's header block, filter statistics.
 */
let ctx: TestContext;
let jun: SignedIn;

beforeAll(async () => {
  ctx = await createTestApp();
  jun = await signIn(ctx.app, 'jun@postline.local', '이준');
});
afterAll(async () => {
  await ctx?.close();
});

function call(method: 'GET' | 'POST', url: string, lang: 'ko' | 'en', zone?: string, payload?: object) {
  return ctx.app.inject({
    method,
    url: `/api/v1${url}`,
    headers: { ...jun.headers, 'accept-language': lang, ...(zone ? { 'x-time-zone': zone } : {}) },
    ...(payload ? { payload } : {}),
  });
}

describe("dates in the reader's zone", () => {
  it('writes a forward’s Date line in the reader’s zone and language, as the reply quote', async () => {
    const original = await deliver(
      ctx,
      jun.user.id,
      incoming({
        subject: '견적서',
        date: new Date('2026-11-23T13:52:00Z'),
        text: '첨부 확인 부탁드립니다.',
      }),
    );
    const forwardIn = async (lang: 'ko' | 'en', zone?: string) => {
      const res = await call('POST', '/messages/forward', lang, zone, {
        originalMessageId: original.id,
        toAddresses: ['minji@postline.local'],
        subject: '견적서',
      });
      expect(res.statusCode, res.body).toBe(200);
      return (res.json().data.bodyText as string).split('\n').find((line) => /^(Date|날짜): /.test(line));
    };
    expect(await forwardIn('en', 'Asia/Seoul')).toBe('Date: Mon, Nov 23, 2026, 10:52 PM');
    expect(await forwardIn('ko', 'Asia/Seoul')).toBe('날짜: 2026년 11월 23일 (월) 오후 10:52');
    expect(await forwardIn('en', 'America/New_York')).toBe('Date: Mon, Nov 23, 2026, 8:52 AM');
    // A zone name this server does not know is not trusted: the server's own zone is used.
    expect(await forwardIn('en', 'Mars/Olympus')).toMatch(/^Date: Mon, Nov 23, 2026, /);
  });

  it("counts filter statistics by the reader's day and hour", async () => {
    const api = apiFor(ctx, jun);
    await api.data('POST', '/filters', simpleFilter('견적', '견적', [{ actionType: 'MARK_READ' }]));
    await deliver(ctx, jun.user.id, incoming({ subject: '견적 요청' }));
    const [execution] = await rows<{ executed_at: Date | string }>(
      ctx,
      sql`SELECT executed_at FROM filter_executions WHERE user_id = ${jun.user.id} ORDER BY id DESC LIMIT 1`,
    );
    const at = new Date(execution!.executed_at);
    for (const zone of ['Asia/Seoul', 'America/Los_Angeles', 'Asia/Kathmandu']) {
      const res = await call('GET', '/filters/statistics', 'en', zone);
      const stats = res.json().data as {
        timeZone: string;
        executionsByDay: { date: string; count: number }[];
        executionsByHour: { hour: number; count: number }[];
      };
      expect(stats.timeZone).toBe(zone);
      const hour = Number(
        new Intl.DateTimeFormat('en-US', { timeZone: zone, hour: 'numeric', hourCycle: 'h23' }).format(at),
      );
      expect(
        stats.executionsByHour.filter((h) => h.count > 0),
        zone,
      ).toEqual([{ hour, count: 1 }]);
      expect(
        stats.executionsByDay.filter((d) => d.count > 0),
        zone,
      ).toEqual([{ date: dayInZone(at, zone), count: 1 }]);
      expect(stats.executionsByDay.at(-1)!.date, zone).toBe(dayInZone(new Date(), zone));
    }
    const utc = (await call('GET', '/filters/statistics', 'en')).json().data;
    expect(utc.timeZone).toBe('UTC');
  });
});
