import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { listMigrations, splitStatements } from '../../../src/db/migrate.js';
import { createTestApp, signIn, type SignedIn, type TestContext } from '../../helpers/test-app.js';
import { apiFor, simpleFilter, type Api } from '../filters/helpers.js';

/**
 * Issue 34: a notification is shown in the language its reader has now, not the one its recipient
 * had when it was written; rows written before migration 0019 too.
 */
let ctx: TestContext;
let jun: SignedIn;
let sam: SignedIn;
let samApi: Api;

beforeAll(async () => {
  ctx = await createTestApp();
  jun = await signIn(ctx.app, 'jun@example.com', '이준');
  sam = await signIn(ctx.app, 'sam@example.com', 'Sam');
  samApi = apiFor(ctx, sam);
});
afterAll(async () => {
  await ctx?.close();
});

type Shown = { id: number; type: string; title: string; content: string };

async function listIn(lang: 'ko' | 'en'): Promise<Shown[]> {
  const res = await samApi.call('GET', '/notifications?size=50', undefined, lang);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.content;
}

describe('stored notifications in the reader’s current language', () => {
  it('renders new mail and a filter run in whichever language is asked, the actions too', async () => {
    await samApi.data('POST', '/filters', simpleFilter('Plans', 'Q3', [{ actionType: 'MARK_READ' }]));
    const sent = await apiFor(ctx, jun).call('POST', '/messages', {
      toAddresses: ['sam@example.com'],
      subject: 'Q3 plan',
      bodyText: 'Draft attached.',
    });
    expect(sent.statusCode, sent.body).toBe(200);

    const pick = (list: Shown[], type: string) => list.find((n) => n.type === type);
    const ko = await listIn('ko');
    expect(pick(ko, 'NEW_MESSAGE')).toMatchObject({ title: '새 메일: 이준', content: 'Q3 plan' });
    expect(pick(ko, 'FILTER_EXECUTED')).toMatchObject({
      title: "필터 'Plans' 실행됨",
      content: 'Q3 plan — 읽음으로 표시',
    });
    // Sam now reads in English: the same rows, read again.
    const en = await listIn('en');
    expect(pick(en, 'NEW_MESSAGE')).toMatchObject({ title: 'New mail from 이준', content: 'Q3 plan' });
    expect(pick(en, 'FILTER_EXECUTED')).toMatchObject({
      title: "Filter 'Plans' ran",
      content: 'Q3 plan — Mark as read',
    });
    const one = await samApi.call('GET', `/notifications/${pick(en, 'NEW_MESSAGE')!.id}`, undefined, 'en');
    expect(one.json().data.title).toBe('New mail from 이준');
  });

  it('keeps the words a user wrote as they are, in every language', async () => {
    const created = await samApi.data('POST', '/notifications', {
      type: 'SYSTEM',
      title: '내 메모',
      content: 'x',
    });
    const inEnglish = (await listIn('en')).find((n) => n.id === created.id);
    expect(inEnglish).toMatchObject({ title: '내 메모', content: 'x' });
  });

  it('reads rows written before migration 0019 in the current language', async () => {
    const migration = listMigrations().find((m) => m.name.startsWith('0019_'));
    expect(migration).toBeDefined();
    const db = ctx.db.database.db;
    // The table as it was before 0019, and rows as the server wrote them then: Sam was Korean.
    await db.execute(sql`DELETE FROM notifications`);
    await db.execute(
      sql`ALTER TABLE notifications DROP COLUMN title_key, DROP COLUMN content_key, DROP COLUMN text_params`,
    );
    const id = sam.user.id;
    await db.execute(sql`
      INSERT INTO notifications (user_id, type, title, content, data) VALUES
        (${id}, 'NEW_MESSAGE', '새 메일: 이준', '(제목 없음)',
          '{"messageId": 7, "from": "jun@example.com", "fromName": "이준", "subject": ""}'),
        (${id}, 'SYSTEM_ALERT', '메일 전달 실패', 'Undelivered mail: Hi', '{"messageId": 8}'),
        (${id}, 'FILTER_EXECUTED', '필터 ''Plans'' 실행됨', '받은편지함의 메일 10통 중 3통에 필터를 적용했습니다.',
          '{"filterId": 1, "filterName": "Plans", "scanned": 10, "matched": 3, "existingMail": true}'),
        (${id}, 'SYSTEM', '테스트 알림', '실시간 알림이 정상적으로 동작합니다.', '{"test": true}'),
        (${id}, 'SYSTEM', '테스트 알림', '내가 쓴 내용', '{}')`);
    for (const statement of splitStatements(migration!.sql)) await db.execute(sql.raw(statement));

    const byContent = (list: Shown[]) => list.map((n) => [n.type, n.title, n.content]).sort();
    expect(byContent(await listIn('en'))).toEqual(
      [
        ['NEW_MESSAGE', 'New mail from 이준', '(no subject)'],
        ['SYSTEM_ALERT', 'Mail could not be delivered', 'Undelivered mail: Hi'],
        ['FILTER_EXECUTED', "Filter 'Plans' ran", 'The filter was applied to 3 of 10 messages in the inbox.'],
        ['SYSTEM', 'Test notification', 'Real-time notifications are working.'],
        // Not the server's test: someone wrote these words, and they stay as written.
        ['SYSTEM', '테스트 알림', '내가 쓴 내용'],
      ].sort(),
    );
    expect(byContent(await listIn('ko'))).toContainEqual(['NEW_MESSAGE', '새 메일: 이준', '(제목 없음)']);
  });
});
