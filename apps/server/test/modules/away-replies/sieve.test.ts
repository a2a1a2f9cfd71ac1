import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signIn, type SignedIn, type TestContext } from '../../helpers/test-app.js';
import { apiFor, type Api } from '../filters/helpers.js';

/*
 * The away reply in Sieve (issue 37): the export writes it as an RFC 5230 vacation between its days
 * (RFC 5260 currentdate) before the filters; the import reads such a rule back as the away reply,
 * while a filter's own auto reply stays a filter.
 */
let ctx: TestContext;
let jun: SignedIn;
let minji: SignedIn;
let junApi: Api;
let minjiApi: Api;

beforeAll(async () => {
  ctx = await createTestApp();
  jun = await signIn(ctx.app, 'jun@postline.local', '이준');
  minji = await signIn(ctx.app, 'minji@postline.local', '김민지');
  junApi = apiFor(ctx, jun);
  minjiApi = apiFor(ctx, minji);
});
afterAll(async () => {
  await ctx?.close();
});

const away = {
  enabled: true,
  firstDay: '2026-12-01',
  lastDay: '2026-12-05',
  timeZone: 'Asia/Seoul',
  subject: '휴가 중입니다',
  body: '12월 5일까지 휴가입니다.\n"급한 일"은 민지에게.',
  includeSignature: true,
  contactsOnly: false,
  intervalDays: 3,
};

async function exported(api: Api): Promise<string> {
  const res = await api.call('GET', '/filters/export/sieve');
  expect(res.statusCode).toBe(200);
  return res.body;
}

describe('the away reply in Sieve', () => {
  it('is written first as a vacation between its days, and read back as the away reply', async () => {
    await junApi.data('PUT', '/away-reply', away);
    await junApi.data('POST', '/filters', {
      name: '거래처 자동 답장',
      conditions: [{ conditionType: 'FROM', operator: 'CONTAINS', value: '@partner.example' }],
      actions: [{ actionType: 'AUTO_REPLY', actionValue: '확인 후 답장드리겠습니다.' }],
    });
    const script = await exported(junApi);
    expect(script).toMatch(/^require \[.*"vacation","date".*"relational".*\];$/m);
    expect(script.indexOf('# rule:[away reply]')).toBeLessThan(script.indexOf('# rule:[거래처 자동 답장]'));
    expect(script).toContain(
      'if allof (currentdate :zone "+0900" :value "ge" "date" "2026-12-01", ' +
        'currentdate :zone "+0900" :value "le" "date" "2026-12-05")',
    );
    expect(script).toContain(
      'vacation :days 3 :subject "휴가 중입니다" "12월 5일까지 휴가입니다.\n\\"급한 일\\"은 민지에게.";',
    );
    expect(script).toContain('vacation :days 1 "확인 후 답장드리겠습니다.";');

    const imported = await minjiApi.data('POST', '/filters/import/sieve', { script });
    expect(imported.awayReplyImported).toBe(true);
    expect(imported.imported.map((f: { name: string }) => f.name)).toEqual(['거래처 자동 답장']);
    expect(await minjiApi.data('GET', '/away-reply')).toMatchObject({
      enabled: true,
      firstDay: '2026-12-01',
      lastDay: '2026-12-05',
      subject: '휴가 중입니다',
      body: '12월 5일까지 휴가입니다.\n"급한 일"은 민지에게.',
      intervalDays: 3,
    });
  });

  it('keeps a turned-off away reply off across export and import', async () => {
    await junApi.data('PUT', '/away-reply', { ...away, enabled: false });
    const script = await exported(junApi);
    expect(script).toContain('if allof (false, allof (currentdate');
    await minjiApi.data('POST', '/filters/import/sieve', { script });
    expect((await minjiApi.data('GET', '/away-reply')).enabled).toBe(false);
  });

  it("reads another program's vacation script, saying which of its options are not kept", async () => {
    const script =
      'require ["vacation"];\n' +
      'vacation :days 7 :subject "Out of office" :addresses ["minji@example.com"] "Back on Monday.";\n';
    const imported = await minjiApi.data('POST', '/filters/import/sieve', { script });
    expect(imported.awayReplyImported).toBe(true);
    expect(imported.imported).toEqual([]);
    expect(imported.warnings.map((w: { code: string }) => w.code)).toContain('vacationOptionsIgnored');
    expect(await minjiApi.data('GET', '/away-reply')).toMatchObject({
      enabled: true,
      firstDay: null,
      lastDay: null,
      subject: 'Out of office',
      body: 'Back on Monday.',
      intervalDays: 7,
    });
  });
});
