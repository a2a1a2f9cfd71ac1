import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listMigrations, splitStatements } from '../../../src/db/migrate.js';
import { createTestApp, signIn, type SignedIn, type TestContext } from '../../helpers/test-app.js';
import { mailApi } from '../messages/mail-api.js';

/*
 * Issue 36: every user has the Scheduled folder (new users from the start, earlier ones from
 * migration 0025), and only a send puts mail there.
 */

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => ctx?.close());

type Box = { id: number; type: string; name: string };
const scheduledOf = async (who: SignedIn) =>
  (await mailApi(ctx, who).data<Box[]>('GET', '/mailboxes'))
    .filter((m) => m.type === 'SCHEDULED')
    .map((m) => m.name);

describe('the Scheduled folder', () => {
  it('is there for a new user, and migration 0025 makes it once for users from before', async () => {
    const fresh = await signIn(ctx.app, 'fresh@postline.local', '새사람');
    expect(await scheduledOf(fresh)).toEqual(['Scheduled']);

    const old = await signIn(ctx.app, 'old@postline.local', '예전');
    const named = await signIn(ctx.app, 'named@postline.local', '이름');
    const db = ctx.db.database.db;
    await db.execute(
      sql`DELETE FROM mailboxes WHERE type = 'SCHEDULED' AND user_id IN (${old.user.id}, ${named.user.id})`,
    );
    await mailApi(ctx, named).data('POST', '/mailboxes', { name: 'scheduled' });
    const insert = splitStatements(listMigrations().find((m) => m.name.startsWith('0025_'))!.sql).find((s) =>
      s.includes('INSERT INTO mailboxes'),
    )!;
    await db.execute(sql.raw(insert));
    await db.execute(sql.raw(insert)); // once only, however often it runs
    expect(await scheduledOf(old)).toEqual(['Scheduled']);
    expect(await scheduledOf(named)).toEqual(['Scheduled (2)']);
  });

  it('takes no mail moved there, in the reader’s language', async () => {
    const who = await signIn(ctx.app, 'mover@postline.local', '옮기는 사람');
    const api = mailApi(ctx, who);
    const sent = await api.data('POST', '/messages', {
      toAddresses: ['mover@postline.local'],
      subject: '옮기기',
      bodyText: 'x',
    });
    const scheduled = (await api.data<Box[]>('GET', '/mailboxes')).find((m) => m.type === 'SCHEDULED')!;
    for (const [lang, text] of [
      ['ko', /예약됨 편지함에는/],
      ['en', /cannot be moved into Scheduled/],
    ] as const) {
      const res = await api.call(
        'PATCH',
        `/messages/${sent.id}/move?targetMailboxId=${scheduled.id}`,
        undefined,
        lang,
      );
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toMatch(text);
    }
    expect((await api.data('GET', `/messages/${sent.id}`)).mailboxType).toBe('SENT');
  });

  it('is no folder a filter may move mail into', async () => {
    const who = await signIn(ctx.app, 'filterer@postline.local', '필터');
    const api = mailApi(ctx, who);
    const scheduled = (await api.data<Box[]>('GET', '/mailboxes')).find((m) => m.type === 'SCHEDULED')!;
    const res = await api.call(
      'POST',
      '/filters',
      {
        name: '예약으로',
        conditions: [{ conditionType: 'SUBJECT', operator: 'CONTAINS', value: '회의' }],
        actions: [{ actionType: 'MOVE_TO_FOLDER', actionValue: String(scheduled.id) }],
      },
      'en',
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/Choose one of your own folders/);
  });
});
