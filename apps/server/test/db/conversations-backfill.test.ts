// Migration 0024 (issue 36): mail stored before conversations is threaded by the same rules.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listMigrations, splitStatements } from '../../src/db/migrate.js';
import { createTestApp, signIn, type SignedIn, type TestContext } from '../helpers/test-app.js';
import { foldersByType, mailApi, type MailApi } from '../modules/messages/mail-api.js';

let ctx: TestContext;
let jun: SignedIn;
let api: MailApi;

/** The statements of 0024 that bring existing mail up to date: its threads, then its heads. */
function backfillStatements(): string[] {
  const migration = listMigrations().find((m) => m.name === '0024_conversations.sql')!;
  return splitStatements(migration.sql).filter((s) =>
    /^(UPDATE messages|DO \$\$|INSERT INTO conversation_heads)/m.test(s.replace(/^--.*\n/gm, '')),
  );
}

const TRIGGERS = ['messages_conversation_before_insert', 'messages_conversation_after_insert'];

/** Rows as the server stored them before 0024: each message its own thread unless its parent came first. */
async function storeOld(inboxId: number, rows: [string, string, string | null, string, string][]) {
  const db = ctx.db.database.db;
  for (const name of TRIGGERS) await db.execute(sql.raw(`ALTER TABLE messages DISABLE TRIGGER ${name}`));
  for (const [id, subject, inReplyTo, from, at] of rows) {
    await db.execute(sql`
      INSERT INTO messages (user_id, mailbox_id, message_id_header, in_reply_to, thread_id, subject,
        from_address, to_addresses, received_at)
      VALUES (${jun.user.id}, ${inboxId}, ${id}, ${inReplyTo}, ${id}, ${subject}, ${from},
        ${JSON.stringify([{ address: jun.user.email }])}::jsonb, ${at}::timestamptz)`);
  }
  for (const name of TRIGGERS) await db.execute(sql.raw(`ALTER TABLE messages ENABLE TRIGGER ${name}`));
}

beforeAll(async () => {
  ctx = await createTestApp();
  jun = await signIn(ctx.app, 'jun@postline.local', '이준');
  api = mailApi(ctx, jun);
});
afterAll(async () => ctx?.close());

describe('migration 0024 on mail stored before it', () => {
  it('joins a reply stored before its parent, and mail without references by subject and sender', async () => {
    const inbox = (await foldersByType(api)).INBOX!.id;
    await storeOld(inbox, [
      [
        '<reply@example.com>',
        'Re: 예산',
        '<root@example.com>',
        'partner@example.com',
        '2026-01-02T00:00:00Z',
      ],
      ['<root@example.com>', '예산', null, 'partner@example.com', '2026-01-01T00:00:00Z'],
      ['<again@example.com>', 'RE: 예산', null, 'partner@example.com', '2026-01-03T00:00:00Z'],
      ['<other@example.com>', 'Re: 예산', null, 'stranger@example.com', '2026-01-04T00:00:00Z'],
      ['<report@example.com>', '주간 보고', null, 'minji@postline.local', '2026-01-05T00:00:00Z'],
    ]);
    for (const statement of backfillStatements()) await ctx.db.database.db.execute(sql.raw(statement));
    const page = await api.data<{
      content: { subject: string; messageCount: number; participants: { address: string }[] }[];
    }>('GET', '/conversations?mailboxType=INBOX&size=50');
    const rows = page.content
      .filter((row) => row.subject.endsWith('예산'))
      .map((row) => [row.subject, row.messageCount, row.participants[0]!.address]);
    expect(rows).toEqual([
      ['Re: 예산', 1, 'stranger@example.com'],
      ['RE: 예산', 3, 'partner@example.com'],
    ]);
  });

  it('makes the key new mail makes: a new "Re:" from the same person joins mail stored before', async () => {
    const minji = mailApi(ctx, await signIn(ctx.app, 'minji@postline.local', '김민지'));
    await minji.data('POST', '/messages', {
      toAddresses: ['jun@postline.local'],
      subject: 'Re: 주간 보고',
      bodyText: '보고서 보냅니다.',
    });
    const page = await api.data<{ content: { subject: string; messageCount: number }[] }>(
      'GET',
      '/conversations?mailboxType=INBOX&size=50',
    );
    const rows = page.content.filter((row) => row.subject.endsWith('주간 보고'));
    expect(rows.map((row) => [row.subject, row.messageCount])).toEqual([['Re: 주간 보고', 2]]);
  });
});
