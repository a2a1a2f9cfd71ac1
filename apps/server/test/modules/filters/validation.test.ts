import { foldFolderCounts } from '../../../src/modules/folders/counts.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, signIn, type SignedIn, type TestContext } from '../../helpers/test-app.js';
import {
  alphaFilter,
  apiFor,
  createFolder,
  deliver,
  folder,
  incoming,
  message,
  rows,
  simpleFilter,
  type Api,
} from './helpers.js';

let ctx: TestContext;
let jun: SignedIn;
let minji: SignedIn;
let api: Api;
let other: Api;
let junFolder: number;
let minjiFolder: number;

beforeAll(async () => {
  ctx = await createTestApp();
  jun = await signIn(ctx.app, 'jun@postline.local', '이준');
  minji = await signIn(ctx.app, 'minji@postline.local', '김민지');
  api = apiFor(ctx, jun);
  other = apiFor(ctx, minji);
  junFolder = await createFolder(api, '프로젝트');
  minjiFolder = await createFolder(other, '비밀');
});
afterAll(async () => {
  await ctx?.close();
});

const base = {
  name: '필터',
  conditions: [{ conditionType: 'SUBJECT', operator: 'CONTAINS', value: '회의' }],
  actions: [{ actionType: 'MARK_READ' }],
};

async function problem(body: unknown, lang: 'ko' | 'en') {
  const res = await api.call('POST', '/filters', body, lang);
  expect(res.statusCode).toBe(400);
  const json = res.json();
  expect(json).toMatchObject({ success: false, code: 'VALIDATION_ERROR' });
  return {
    field: json.errors[0].field as string,
    message: json.message as string,
    text: json.errors[0].message as string,
  };
}

describe('bad filters get a 400 naming the field, in Korean and English', () => {
  const cases: Array<{ what: string; body: unknown; field: string; ko: string; en: string }> = [
    {
      what: 'empty name',
      body: { ...base, name: '   ' },
      field: 'name',
      ko: '필터 이름을 입력해 주세요.',
      en: 'Please enter a filter name.',
    },
    {
      what: 'unknown condition type',
      body: { ...base, conditions: [{ conditionType: 'COLOUR', operator: 'EQUALS', value: 'red' }] },
      field: 'conditions.0.conditionType',
      ko: '알 수 없는 조건 유형입니다.',
      en: 'Unknown condition type.',
    },
    {
      what: 'operator not allowed for the type',
      body: {
        ...base,
        conditions: [base.conditions[0], { conditionType: 'SIZE', operator: 'CONTAINS', value: '100' }],
      },
      field: 'conditions.1.operator',
      ko: '이 조건 유형에는 사용할 수 없는 연산자입니다.',
      en: 'This operator cannot be used with this condition type.',
    },
    {
      what: 'invalid regex',
      body: { ...base, conditions: [{ conditionType: 'SUBJECT', operator: 'REGEX', value: '(?<=re)gex' }] },
      field: 'conditions.0.value',
      ko: '정규식이 올바르지 않습니다 (RE2 문법).',
      en: 'The regular expression is not valid (RE2 syntax).',
    },
    {
      what: 'non-numeric size',
      body: { ...base, conditions: [{ conditionType: 'SIZE', operator: 'GREATER_THAN', value: 'big' }] },
      field: 'conditions.0.value',
      ko: '크기는 0 이상의 숫자(바이트)로 입력해 주세요.',
      en: 'The size must be a number of bytes, 0 or more.',
    },
    {
      what: "a folder that is not the user's",
      body: {
        ...base,
        actions: [{ actionType: 'MARK_READ' }, { actionType: 'MOVE_TO_FOLDER', actionValue: 'MINJI' }],
      },
      field: 'actions.1.actionValue',
      ko: '선택한 폴더를 찾을 수 없습니다. 내 메일함의 폴더를 선택해 주세요.',
      en: 'The chosen folder was not found. Choose one of your own folders.',
    },
  ];
  for (const c of cases) {
    it(c.what, async () => {
      const body = JSON.parse(JSON.stringify(c.body).replace('"MINJI"', `"${minjiFolder}"`));
      const ko = await problem(body, 'ko');
      const en = await problem(body, 'en');
      expect(ko.field).toBe(c.field);
      expect(en.field).toBe(c.field);
      expect(ko.text.startsWith(c.ko)).toBe(true);
      expect(en.text.startsWith(c.en)).toBe(true);
      expect(ko.message).toContain(`(${c.field})`);
      expect(en.message).toContain(c.en);
    });
  }

  it('an invalid regex says what RE2 objects to', async () => {
    const res = await problem(
      {
        ...base,
        conditions: [{ conditionType: 'BODY', operator: 'CONTAINS', value: '([a-z', isRegex: true }],
      },
      'en',
    );
    expect(res.text).toMatch(/^The regular expression is not valid \(RE2 syntax\)\. \(.+\)$/);
  });

  it('a test with neither messageId nor message asks to select a message', async () => {
    const created = await api.data('POST', '/filters', base);
    const res = await api.call('POST', `/filters/${created.id}/test`, {}, 'en');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain('Please select a message to test.');
    await api.data('DELETE', `/filters/${created.id}`);
  });

  it('nothing is stored by a refused request', async () => {
    expect(await api.data('GET', '/filters')).toEqual([]);
  });
});

describe("a user's filters never touch another user's filters, mail or folders", () => {
  let minjiFilter: number;
  let minjiMessage: number;

  beforeAll(async () => {
    minjiFilter = (
      await other.data('POST', '/filters', simpleFilter('민지 필터', '비밀', [{ actionType: 'MARK_READ' }]))
    ).id;
    minjiMessage = (
      await deliver(
        ctx,
        minji.user.id,
        incoming({ subject: '민지의 메일', to: [{ address: 'minji@postline.local' }] }),
      )
    ).id;
  });

  it("every route answers FILTER_NOT_FOUND (404) for another user's filter", async () => {
    const calls: Array<[string, string, unknown?]> = [
      ['GET', `/filters/${minjiFilter}`],
      ['PUT', `/filters/${minjiFilter}`, base],
      ['DELETE', `/filters/${minjiFilter}`],
      [
        'POST',
        `/filters/${minjiFilter}/test`,
        {
          message: {
            id: 's',
            subject: '비밀',
            fromAddress: 'a@b.example',
            bodyText: '',
            toAddresses: [],
            receivedAt: '2025-01-01T00:00:00Z',
            hasAttachments: false,
            importance: 'NORMAL',
          },
        },
      ],
      ['POST', `/filters/${minjiFilter}/copy`, {}],
      ['GET', `/filters/${minjiFilter}/export`],
      ['PUT', '/filters/priority', [{ filterId: minjiFilter, newPriority: 1 }]],
      ['PUT', '/filters/status', { filterIds: [minjiFilter], isActive: false }],
    ];
    for (const [method, url, body] of calls) {
      const res = await api.call(method as 'GET', url, body, 'en');
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.json(), `${method} ${url}`).toMatchObject({
        success: false,
        code: 'FILTER_NOT_FOUND',
        message: 'Filter not found.',
      });
    }
    const still = await other.data('GET', `/filters/${minjiFilter}`);
    expect(still).toMatchObject({ name: '민지 필터', isActive: true, priority: 1 });
  });

  it("testing or applying with another user's message is MAIL_NOT_FOUND and changes nothing", async () => {
    const mine = await api.data(
      'POST',
      '/filters',
      simpleFilter('내 필터', '민지', [{ actionType: 'DELETE' }]),
    );
    const test = await api.call('POST', `/filters/${mine.id}/test`, { messageId: minjiMessage });
    expect(test.statusCode).toBe(404);
    expect(test.json().code).toBe('MAIL_NOT_FOUND');
    const apply = await api.call('POST', `/filters/apply/${minjiMessage}`);
    expect(apply.statusCode).toBe(404);
    expect((await message(ctx, minjiMessage)).mailbox_id).toBe((await folder(other, { type: 'INBOX' }))!.id);
    await api.data('DELETE', `/filters/${mine.id}`);
  });

  it("a filter can never move mail into another user's folder, even one changed in the database", async () => {
    const created = await api.data('POST', '/filters', alphaFilter(junFolder));
    // Tamper with the stored value as if the API had been bypassed.
    await ctx.db.database.db.execute(
      sql`UPDATE filter_actions SET action_value = ${String(minjiFolder)} WHERE filter_id = ${created.id} AND action_type = 'MOVE_TO_FOLDER'`,
    );
    const delivered = await deliver(ctx, jun.user.id, incoming());
    const row = await message(ctx, delivered.id);
    expect(row.mailbox_id).toBe((await folder(api, { type: 'INBOX' }))!.id);
    expect(row).toMatchObject({ is_read: true, labels: ['work'] });
    await foldFolderCounts(ctx.db.database.db);
    const [secret] = await rows<{ total_count: number }>(
      ctx,
      sql`SELECT total_count FROM mailboxes WHERE id = ${minjiFolder}`,
    );
    expect(Number(secret!.total_count)).toBe(0);
  });

  it("another user's filters do not run on this user's mail", async () => {
    const delivered = await deliver(ctx, jun.user.id, incoming({ subject: '비밀 회의' }));
    expect((await message(ctx, delivered.id)).is_read).toBe(false);
    expect((await other.data('GET', `/filters/${minjiFilter}`)).stats.executionCount).toBe(0);
  });
});
