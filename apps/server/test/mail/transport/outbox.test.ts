import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { MailLogger } from '../../../src/lib/mail-logger.js';
import { composeOutgoing } from '../../../src/mail/format/outgoing-mime.js';
import { enqueueOutbound } from '../../../src/mail/transport/outbox.js';
import {
  nextAttemptAt,
  startOutboxWorker,
  type OutboxWorker,
  type OutboxWorkerOptions,
} from '../../../src/mail/transport/outbox-worker.js';
import type { DeliveryDeps } from '../../../src/mail/pipeline/ports.js';
import type { IncomingAttachment } from '../../../src/mail/format/types.js';
import { createTestApp, signIn, type SignedIn, type TestContext } from '../../helpers/test-app.js';
import { startFakeRelay, type FakeRelay } from '../helpers/fake-relay.js';
import { eventually, folderCounts, messagesOf, rows } from '../helpers/rows.js';

let ctx: TestContext;
let relay: FakeRelay;
let minji: SignedIn;
let emma: SignedIn;
let worker: OutboxWorker | undefined;
const logLines: string[] = [];
const capture: MailLogger = {
  info: (obj, msg) => logLines.push(`${msg} ${JSON.stringify(obj)}`),
  warn: (obj, msg) => logLines.push(`${msg} ${JSON.stringify(obj)}`),
  error: (obj, msg) => logLines.push(`${msg} ${JSON.stringify(obj)}`),
};
const bounceAttachments: IncomingAttachment[][] = [];
const PASSWORD = 'p@ss word!';

beforeAll(async () => {
  ctx = await createTestApp();
  minji = await signIn(ctx.app, 'minji@postline.local', '김민지');
  emma = await signIn(ctx.app, 'emma@postline.local', 'Emma');
  await ctx.db.database.db.execute(sql`UPDATE users SET language = 'en' WHERE id = ${emma.user.id}`);
  relay = await startFakeRelay({ user: 'relay-user', pass: PASSWORD });
});
afterEach(async () => {
  await worker?.stop();
  worker = undefined;
});
afterAll(async () => {
  await relay?.close();
  await ctx?.close();
});

const relayUrl = () => `smtp://relay-user:${encodeURIComponent(PASSWORD)}@127.0.0.1:${relay.port}`;

function startWorker(options: Partial<OutboxWorkerOptions> = {}): OutboxWorker {
  const files = ctx.app.delivery.files;
  const delivery: DeliveryDeps = {
    ...ctx.app.delivery,
    files: {
      ...files,
      async store(tx, stored) {
        for (const { mail } of stored) bounceAttachments.push(mail.attachments);
        return files.store(tx, stored);
      },
    },
  };
  worker = startOutboxWorker({
    delivery,
    logger: capture,
    pollMs: 50,
    retryDelaysMs: [150],
    giveUpAfterMs: 60_000,
    relayTimeoutMs: 5_000,
    mailDomain: ctx.config.mailDomain,
    ...options,
  });
  return worker;
}

async function queue(
  sender: SignedIn,
  recipients: string[],
  subject: string,
  extra: { inReplyTo?: string; references?: string[] } = {},
) {
  const composed = await composeOutgoing({
    from: { address: sender.user.email, name: sender.user.name },
    to: recipients.map((address) => ({ address, name: '받는 분' })),
    cc: [],
    bcc: [{ address: 'secret@remote.test' }],
    subject,
    text: '본문입니다.',
    importance: 'NORMAL',
    attachments: [],
    mailDomain: ctx.config.mailDomain,
    ...extra,
  });
  const id = await ctx.db.database.transaction((tx) =>
    enqueueOutbound(tx, {
      userId: sender.user.id,
      messageId: null,
      envelopeFrom: sender.user.email,
      recipients,
      raw: composed.raw,
    }),
  );
  return { id, ...composed };
}

async function outboxRow(id: number) {
  const [row] = await rows<{
    status: string;
    attempts: number;
    last_error: string | null;
    recipients: unknown;
  }>(ctx.db.database, sql`SELECT status, attempts, last_error, recipients FROM outbox WHERE id = ${id}`);
  return row;
}

const settled = (id: number) =>
  eventually(async () => {
    const row = await outboxRow(id);
    return row && (row.status === 'SENT' || row.status === 'FAILED') ? row : undefined;
  });

describe('outbound through the relay', () => {
  it('sends the stored message through the relay with its threading headers and RFC 2047 subject', async () => {
    startWorker({ relayUrl: relayUrl() });
    const sent = await queue(minji, ['partner@remote.test'], 'Re: 계약 건 회신', {
      inReplyTo: '<original@remote.test>',
      references: ['<root@remote.test>', '<original@remote.test>'],
    });
    expect((await settled(sent.id)).status).toBe('SENT');
    const got = relay.received.find((r) => r.raw.toString('latin1').includes(sent.messageIdHeader));
    expect(got).toMatchObject({ from: 'minji@postline.local', to: ['partner@remote.test'] });
    const raw = got?.raw.toString('latin1') ?? '';
    expect(raw).toContain(`Message-ID: ${sent.messageIdHeader}`);
    expect(raw).toMatch(/^Subject: =\?UTF-8\?[BQ]\?/m);
    expect(raw).toMatch(/^In-Reply-To: <original@remote\.test>$/m);
    expect(raw).toMatch(/^References: <root@remote\.test> <original@remote\.test>$/m);
    expect(raw).not.toMatch(/secret@remote\.test/);
    expect(relay.logins).toContain(`relay-user:${PASSWORD}`);
  });

  it('never logs the relay password', () => {
    const all = logLines.join('\n');
    expect(all).toContain(`smtp://relay-user:***@127.0.0.1:${relay.port}`);
    expect(all).not.toContain(PASSWORD);
    expect(all).not.toContain(encodeURIComponent(PASSWORD));
  });

  it('retries after a temporary refusal (4xx) and sends on the next attempt', async () => {
    relay.script.set('busy@remote.test', [{ code: 451, text: '4.7.1 Try again later' }, 'ok']);
    startWorker({ relayUrl: relayUrl() });
    const sent = await queue(minji, ['busy@remote.test'], '재시도 시험');
    const row = await settled(sent.id);
    expect(row).toMatchObject({ status: 'SENT', attempts: 2 });
    expect(
      relay.received.filter((r) => r.raw.toString('latin1').includes(sent.messageIdHeader)),
    ).toHaveLength(1);
  });

  it("bounces a permanent refusal (5xx) into the sender's inbox in Korean, naming recipient and reason", async () => {
    relay.script.set('nobody@remote.test', [{ code: 550, text: '5.1.1 No such user' }]);
    startWorker({ relayUrl: relayUrl() });
    const before = bounceAttachments.length;
    const sent = await queue(minji, ['nobody@remote.test', 'partner@remote.test'], '견적 요청');
    const row = await settled(sent.id);
    expect(row?.status).toBe('FAILED');
    expect(row?.last_error).toContain('nobody@remote.test');
    const bounce = await eventually(async () =>
      (await messagesOf(ctx.db.database, minji.user.id)).find(
        (m) => m.subject === '메일을 전달하지 못했습니다: 견적 요청',
      ),
    );
    expect(bounce).toMatchObject({
      from_address: 'MAILER-DAEMON@postline.local',
      is_auto_generated: true,
      is_read: false,
      in_reply_to: sent.messageIdHeader,
    });
    expect(bounce.body_text).toContain('nobody@remote.test');
    expect(bounce.body_text).toContain('No such user');
    expect(bounce.body_text).not.toContain('partner@remote.test');
    const original = bounceAttachments
      .slice(before)
      .flat()
      .find((a) => a.contentType === 'message/rfc822');
    expect(original?.content.toString('latin1')).toContain(sent.messageIdHeader);
    // The bounce is mail like any other: its source can be shown, the failed mail inside it.
    const source = await ctx.app.inject({
      method: 'GET',
      url: `/api/v1/messages/${bounce.id}/original`,
      headers: minji.headers,
    });
    expect(source.statusCode, source.body).toBe(200);
    expect(source.body).toMatch(/^Auto-Submitted: auto-generated\r$/im);
    expect(source.body).toMatch(/^X-Failed-Recipients: nobody@remote\.test\r$/im);
    expect(source.body).toContain(`In-Reply-To: ${sent.messageIdHeader}`);
    expect(source.body).toContain('Content-Type: message/rfc822');
    // The accepted recipient got it all the same.
    expect(
      relay.received.some(
        (r) =>
          r.to.includes('partner@remote.test') && r.raw.toString('latin1').includes(sent.messageIdHeader),
      ),
    ).toBe(true);
  });

  it('writes the bounce in English for an English-speaking sender', async () => {
    relay.script.set('gone@remote.test', [{ code: 550, text: '5.1.1 Mailbox gone' }]);
    startWorker({ relayUrl: relayUrl() });
    const sent = await queue(emma, ['gone@remote.test'], 'Quarterly report');
    expect((await settled(sent.id)).status).toBe('FAILED');
    const bounce = (await messagesOf(ctx.db.database, emma.user.id)).find(
      (m) => m.subject === 'Undelivered mail: Quarterly report',
    );
    expect(bounce?.body_text).toMatch(/could not be delivered[\s\S]*gone@remote\.test[\s\S]*Mailbox gone/);
  });

  it('gives up after the retry window and tells the sender', async () => {
    relay.script.set('always-busy@remote.test', [{ code: 421, text: '4.3.2 System not accepting messages' }]);
    startWorker({ relayUrl: relayUrl(), retryDelaysMs: [100], giveUpAfterMs: 600 });
    const sent = await queue(minji, ['always-busy@remote.test'], '포기 시험');
    const row = await settled(sent.id);
    expect(row?.status).toBe('FAILED');
    expect(row?.attempts).toBeGreaterThanOrEqual(2);
    const bounce = (await messagesOf(ctx.db.database, minji.user.id)).find(
      (m) => m.subject === '메일을 전달하지 못했습니다: 포기 시험',
    );
    expect(bounce?.body_text).toContain('24시간 동안 다시 시도했지만');
  });
});

describe('without a relay', () => {
  it("marks the mail FAILED at once and puts a bounce in the sender's inbox", async () => {
    startWorker({});
    const sent = await queue(minji, ['someone@elsewhere.test'], '릴레이 없음');
    expect((await settled(sent.id)).status).toBe('FAILED');
    const bounce = (await messagesOf(ctx.db.database, minji.user.id)).find(
      (m) => m.subject === '메일을 전달하지 못했습니다: 릴레이 없음',
    );
    expect(bounce?.body_text).toContain('someone@elsewhere.test');
    expect(bounce?.body_text).toContain('SMTP_RELAY_URL');
    const inbox = await folderCounts(ctx.db.database, minji.user.id, 'INBOX');
    const count = (await messagesOf(ctx.db.database, minji.user.id)).filter(
      (m) => m.mailbox_id === bounce?.mailbox_id,
    ).length;
    expect(inbox?.total_count).toBe(count);
  });
});

describe('backoff', () => {
  it('waits 1 min, 5 min, 30 min, 2 h, 6 h, then 6 h again, never past 24 h', () => {
    const created = new Date('2026-01-01T00:00:00Z');
    const delays = [60_000, 300_000, 1_800_000, 7_200_000, 21_600_000];
    const day = 86_400_000;
    const step = (attempts: number, nowMs: number) =>
      nextAttemptAt(
        { attempts, createdAt: created },
        new Date(created.getTime() + nowMs),
        delays,
        day,
      )?.getTime();
    expect(step(1, 0)).toBe(created.getTime() + 60_000);
    expect(step(2, 60_000)).toBe(created.getTime() + 360_000);
    expect(step(5, 0)).toBe(created.getTime() + 21_600_000);
    expect(step(9, 0)).toBe(created.getTime() + 21_600_000);
    expect(step(6, day - 1000)).toBe(created.getTime() + day);
    expect(step(7, day)).toBeUndefined();
  });
});
