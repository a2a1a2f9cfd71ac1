// Over 300 lines on purpose: what inbound SMTP does with one message (delivery, threading, size,
// charsets, broken MIME), each through a real SMTP session over one server and database.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { DeliveryDeps } from '../../../src/mail/pipeline/ports.js';
import { silentLogger } from '../../../src/lib/mail-logger.js';
import { createTestApp, signIn, type SignedIn, type TestContext } from '../../helpers/test-app.js';
import { encodedWord, eucKr, iso2022Kr } from '../helpers/legacy-korean.js';
import { folderCounts, messagesOf, rows } from '../helpers/rows.js';
import { RawSmtpClient, sendMessage } from '../helpers/smtp-client.js';
import { partnerMessage as message, SmtpServers } from '../helpers/smtp-servers.js';

let ctx: TestContext;
let smtp: Awaited<ReturnType<SmtpServers['start']>>;
let jun: SignedIn;
let minji: SignedIn;
const servers = new SmtpServers();
const extraServer = (delivery: DeliveryDeps, maxBytes?: number) =>
  servers.start(delivery, maxBytes ? { maxBytes } : {});

beforeAll(async () => {
  ctx = await createTestApp();
  jun = await signIn(ctx.app, 'jun@postline.local', '이준');
  minji = await signIn(ctx.app, 'minji@postline.local', '김민지');
  smtp = await servers.start(ctx.app.delivery);
});
afterAll(async () => {
  await servers.closeAll();
  await ctx?.close();
});

describe('inbound SMTP', () => {
  it('delivers to an existing user: the message is in the inbox, unread, and counted', async () => {
    const before = await folderCounts(ctx.db.database, jun.user.id, 'INBOX');
    const result = await sendMessage(
      smtp.port,
      { from: 'partner@example.com', to: ['JUN@postline.local'] },
      message(
        '=?UTF-8?B?7ZqM7J2YIOyViOuCtA==?=',
        '내일   회의는\r\n10시에   시작합니다.',
        'Message-ID: <first@example.com>\r\n',
      ),
    );
    expect(result.rcpt[0]).toMatch(/^250/);
    expect(result.final).toMatch(/^250 /);
    const [stored] = (await messagesOf(ctx.db.database, jun.user.id)).slice(-1);
    expect(stored).toMatchObject({
      subject: '회의 안내',
      from_address: 'partner@example.com',
      from_name: 'Partner',
      to_text: 'jun@postline.local',
      preview: '내일 회의는 10시에 시작합니다.',
      is_read: false,
      mailbox_id: before?.id,
      message_id_header: '<first@example.com>',
      thread_id: '<first@example.com>',
    });
    expect(stored?.raw_headers?.['return-path']).toBe('<partner@example.com>');
    const after = await folderCounts(ctx.db.database, jun.user.id, 'INBOX');
    expect(after?.total_count).toBe((before?.total_count ?? 0) + 1);
    expect(after?.unread_count).toBe((before?.unread_count ?? 0) + 1);
    expect(await messagesOf(ctx.db.database, minji.user.id)).toHaveLength(0);
  });

  it('threads a reply with the message it answers', async () => {
    await sendMessage(
      smtp.port,
      { from: 'partner@example.com', to: ['jun@postline.local'] },
      message(
        'Re: 회의',
        '네',
        'Message-ID: <reply@example.com>\r\nIn-Reply-To: <first@example.com>\r\nReferences: <first@example.com>\r\n',
      ),
    );
    const reply = (await messagesOf(ctx.db.database, jun.user.id)).find(
      (m) => m.message_id_header === '<reply@example.com>',
    );
    expect(reply?.thread_id).toBe('<first@example.com>');
    expect(reply?.in_reply_to).toBe('<first@example.com>');
  });

  it('advertises SIZE and answers 552 to a message over the limit, storing nothing', async () => {
    const small = await extraServer(ctx.app.delivery, 2000);
    const { client } = await RawSmtpClient.connect(small.port);
    expect(await client.command('EHLO test.example')).toMatch(/SIZE 2000/);
    expect(await client.command('MAIL FROM:<partner@example.com> SIZE=5000')).toMatch(/^552/);
    client.close();
    const count = (await messagesOf(ctx.db.database, jun.user.id)).length;
    const result = await sendMessage(
      small.port,
      { from: 'p@example.com', to: ['jun@postline.local'] },
      message('big', 'x'.repeat(5000)),
    );
    expect(result.final).toMatch(/^552 /);
    expect(await messagesOf(ctx.db.database, jun.user.id)).toHaveLength(count);
  });

  it('decodes EUC-KR and ISO-2022-KR mail from old Korean clients', async () => {
    const euc = Buffer.concat([
      Buffer.from(
        `From: ${encodedWord('EUC-KR', eucKr('거래처'))} <old@partner.co.kr>\r\nTo: jun@postline.local\r\n`,
      ),
      Buffer.from(
        `Subject: ${encodedWord('EUC-KR', eucKr('계약서 검토 요청'))}\r\nContent-Type: text/plain; charset=EUC-KR\r\n`,
      ),
      Buffer.from('Content-Transfer-Encoding: 8bit\r\nMessage-ID: <euc@partner.co.kr>\r\n\r\n'),
      eucKr('첨부한 계약서를 검토해 주십시오.\r\n'),
    ]);
    expect(
      (await sendMessage(smtp.port, { from: 'old@partner.co.kr', to: ['jun@postline.local'] }, euc)).final,
    ).toMatch(/^250/);
    const iso = Buffer.concat([
      Buffer.from(
        `From: old@partner.co.kr\r\nTo: jun@postline.local\r\nSubject: ${encodedWord('ISO-2022-KR', iso2022Kr('월간 실적 보고'))}\r\n`,
      ),
      Buffer.from('Content-Type: text/plain; charset=ISO-2022-KR\r\nMessage-ID: <iso@partner.co.kr>\r\n\r\n'),
      iso2022Kr('이번 달 실적을 보고드립니다.\r\n'),
    ]);
    expect(
      (await sendMessage(smtp.port, { from: 'old@partner.co.kr', to: ['jun@postline.local'] }, iso)).final,
    ).toMatch(/^250/);
    const stored = await messagesOf(ctx.db.database, jun.user.id);
    expect(stored.find((m) => m.message_id_header === '<euc@partner.co.kr>')).toMatchObject({
      subject: '계약서 검토 요청',
      from_name: '거래처',
      body_text: '첨부한 계약서를 검토해 주십시오.\n',
    });
    expect(stored.find((m) => m.message_id_header === '<iso@partner.co.kr>')).toMatchObject({
      subject: '월간 실적 보고',
      body_text: '이번 달 실적을 보고드립니다.\n',
    });
  });

  it('stores broken MIME and binary junk instead of refusing it', async () => {
    const broken = Buffer.from(
      'From: x@y.z\r\nTo: jun@postline.local\r\nSubject: half a message\r\nMessage-ID: <broken@y.z>\r\n' +
        'Content-Type: multipart/mixed; boundary="BB"\r\n\r\n--BB\r\nContent-Type: text/plain\r\n\r\nstill readable\r\n' +
        '--BB\r\nContent-Transfer-Encoding: base64\r\nContent-Disposition: attachment; filename=x.bin\r\n\r\n@@@###\r\n',
    );
    expect(
      (await sendMessage(smtp.port, { from: 'x@y.z', to: ['jun@postline.local'] }, broken)).final,
    ).toMatch(/^250/);
    const junk = Buffer.from([0x00, 0x00, 0xc3, 0x28, 0x0a, 0x6a, 0x75, 0x6e, 0x6b, 0x00]);
    expect((await sendMessage(smtp.port, { from: 'x@y.z', to: ['jun@postline.local'] }, junk)).final).toMatch(
      /^250/,
    );
    const stored = await messagesOf(ctx.db.database, jun.user.id);
    expect(stored.find((m) => m.message_id_header === '<broken@y.z>')?.body_text).toContain('still readable');
    expect(stored.some((m) => m.body_text.includes('junk'))).toBe(true);
  });

  it('marks a bounce (null sender) as auto-generated', async () => {
    await sendMessage(
      smtp.port,
      { from: '', to: ['jun@postline.local'] },
      message('Undelivered', 'sorry', 'Message-ID: <dsn@x>\r\n'),
    );
    const dsn = (await messagesOf(ctx.db.database, jun.user.id)).find(
      (m) => m.message_id_header === '<dsn@x>',
    );
    expect(dsn?.is_auto_generated).toBe(true);
  });
});

describe('SMTP smuggling', () => {
  for (const [name, ending] of [
    ['LF.CRLF', '\n.\r\n'],
    ['CRLF.LF', '\r\n.\n'],
    ['LF.LF', '\n.\n'],
  ] as const) {
    it(`does not end DATA at ${name}: the smuggled command stays inside the one message`, async () => {
      const id = `<smuggle-${name}@example.com>`;
      const { client } = await RawSmtpClient.connect(smtp.port);
      await client.command('EHLO attacker.example');
      await client.command('MAIL FROM:<attacker@example.com>');
      await client.command('RCPT TO:<jun@postline.local>');
      expect(await client.command('DATA')).toMatch(/^354/);
      client.write(
        `From: attacker@example.com\r\nTo: jun@postline.local\r\nSubject: outer\r\nMessage-ID: ${id}\r\n\r\nhello` +
          `${ending}MAIL FROM:<ceo@postline.local>\r\nRCPT TO:<minji@postline.local>\r\nDATA\r\n` +
          'Subject: smuggled\r\n\r\nsmuggled body\r\n.\r\n',
      );
      const final = await client.nextReply();
      expect(final).toMatch(/^250 /);
      expect(await client.command('QUIT')).toMatch(/^221/);
      expect(client.unread()).toEqual([]);
      client.close();
      const stored = (await messagesOf(ctx.db.database, jun.user.id)).find((m) => m.message_id_header === id);
      expect(stored?.body_text).toContain('MAIL FROM:<ceo@postline.local>');
      const [smuggled] = await rows(ctx.db.database, sql`SELECT id FROM messages WHERE subject = 'smuggled'`);
      expect(smuggled).toBeUndefined();
    });
  }
});

describe('the 250 reply is a promise', () => {
  it('is sent only after the message is committed and visible', async () => {
    const seenAtCommit: number[] = [];
    const database = ctx.db.database;
    // The commit step resolves, then waits; the 250 must not come before the row is seen.
    const delivery: DeliveryDeps = {
      ...ctx.app.delivery,
      database: {
        ...database,
        async transaction(work) {
          const result = await database.transaction(work);
          await new Promise((r) => setTimeout(r, 200));
          const found = await rows(database, sql`SELECT id FROM messages WHERE subject = 'durable'`);
          seenAtCommit.push(found.length);
          return result;
        },
      },
    };
    const server = await extraServer(delivery);
    const result = await sendMessage(
      server.port,
      { from: 'p@example.com', to: ['jun@postline.local'] },
      message('durable', 'x'),
    );
    expect(result.final).toMatch(/^250/);
    expect(seenAtCommit).toEqual([1]);
  });

  it('answers 451 and stores nothing when the delivery transaction fails, so the sender retries', async () => {
    const delivery: DeliveryDeps = {
      ...ctx.app.delivery,
      files: {
        ...ctx.app.delivery.files,
        async store() {
          throw new Error('disk full');
        },
      },
    };
    const server = await extraServer(delivery);
    const before = await folderCounts(ctx.db.database, jun.user.id, 'INBOX');
    const result = await sendMessage(
      server.port,
      { from: 'p@example.com', to: ['jun@postline.local'] },
      message('fails', 'x', 'Message-ID: <fails@x>\r\n'),
    );
    expect(result.final).toMatch(/^451 /);
    expect(
      (await messagesOf(ctx.db.database, jun.user.id)).some((m) => m.message_id_header === '<fails@x>'),
    ).toBe(false);
    expect(await folderCounts(ctx.db.database, jun.user.id, 'INBOX')).toEqual(before);
  });

  it('still delivers to the inbox when the filters break', async () => {
    const delivery: DeliveryDeps = {
      ...ctx.app.delivery,
      logger: silentLogger,
      filters: {
        ...ctx.app.delivery.filters,
        async evaluate(tx) {
          // As the real filters do, the write is in a savepoint (DeliveryFilters.evaluate), so the
          // failure undoes it and the delivery's transaction goes on.
          await tx.transaction(async (savepoint) => {
            await savepoint.execute(sql`UPDATE users SET name = 'broken' WHERE id = ${jun.user.id}`);
            throw new Error('filter bug');
          });
          return null;
        },
      },
    };
    const server = await extraServer(delivery);
    const result = await sendMessage(
      server.port,
      { from: 'p@example.com', to: ['jun@postline.local'] },
      message('filtered', 'x', 'Message-ID: <filtered@x>\r\n'),
    );
    expect(result.final).toMatch(/^250/);
    const stored = (await messagesOf(ctx.db.database, jun.user.id)).find(
      (m) => m.message_id_header === '<filtered@x>',
    );
    expect(stored).toMatchObject({
      is_read: false,
      mailbox_id: (await folderCounts(ctx.db.database, jun.user.id, 'INBOX'))?.id,
    });
    const [user] = await rows(ctx.db.database, sql`SELECT name FROM users WHERE id = ${jun.user.id}`);
    expect(user).toMatchObject({ name: '이준' });
  });
});

describe('hostile HTML from the wire', () => {
  it('is stored sanitised: no script, no event handler reaches an API client', async () => {
    const html =
      '<p>견적서</p><img src="x" onerror="alert(1)"><script>alert(2)</script>' +
      '<a href="javascript:alert(3)">보기</a><svg><animate onbegin="alert(4)"/></svg>';
    const result = await sendMessage(
      smtp.port,
      { from: 'partner@example.com', to: ['jun@postline.local'] },
      Buffer.from(
        'From: partner@example.com\r\nTo: jun@postline.local\r\nSubject: hostile html\r\n' +
          'Message-ID: <hostile@example.com>\r\nContent-Type: text/html; charset=utf-8\r\n\r\n' +
          `${html}\r\n`,
      ),
    );
    expect(result.final).toMatch(/^250/);
    const stored = (await messagesOf(ctx.db.database, jun.user.id)).find(
      (m) => m.message_id_header === '<hostile@example.com>',
    );
    const response = await ctx.app.inject({
      method: 'GET',
      url: `/api/v1/messages/${stored!.id}`,
      headers: { authorization: `Bearer ${jun.accessToken}` },
    });
    const body = response.json<{ data: { bodyHtml: string } }>().data.bodyHtml;
    expect(body).toContain('견적서');
    expect(body).not.toMatch(/<script|onerror|onbegin|javascript:/i);
    expect(stored?.body_html).not.toMatch(/<script|onerror|onbegin|javascript:/i);
  });
});
