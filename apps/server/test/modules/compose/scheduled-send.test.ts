import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, signIn, type SignedIn, type TestServer } from '../../helpers/test-app.js';
import { startFakeRelay, type FakeRelay } from '../../mail/helpers/fake-relay.js';
import { eventually } from '../../mail/helpers/rows.js';
import { mailApi, uploadFile, type MailApi } from '../messages/mail-api.js';
import { arrives, copies, inMs, messagesIn, relayed, scheduleRows } from './scheduled-helpers.js';

/*
 * Issue 36: undo send and send later are one mechanism. A sent mail waits in Scheduled until its
 * time (the sender's undo delay, or the time chosen), and only then goes, to users here and through
 * the relay; Undo or Cancel puts it back in Drafts as it was written, and nothing goes.
 */

let server: TestServer;
let relay: FakeRelay;
let minjiSigned: SignedIn;
let minji: MailApi;
let jun: MailApi;
let junId: number;
let minjiId: number;
const db = () => server.db.database;

beforeAll(async () => {
  relay = await startFakeRelay({ user: 'relay', pass: 'secret' });
  server = await createTestServer({
    SERVICES: 'web,worker',
    SMTP_RELAY_URL: `smtp://relay:secret@127.0.0.1:${relay.port}`,
    OUTBOX_POLL_SECONDS: '0.1',
  });
  minjiSigned = await signIn(server.app, 'minji@example.com', '김민지');
  minjiId = minjiSigned.user.id;
  minji = mailApi(server, minjiSigned);
  const junSigned = await signIn(server.app, 'jun@example.com', 'Jun');
  junId = junSigned.user.id;
  jun = mailApi(server, junSigned);
  // The shortest delay a person can choose.
  await minji.data('PATCH', '/settings', { undoSendSeconds: 5 });
});
afterAll(async () => {
  await server?.close();
  await relay?.close();
});

const mail = (subject: string, extra: Record<string, unknown> = {}) => ({
  toAddresses: ['Jun <jun@example.com>', 'Emma Stone <emma@remote.test>'],
  ccAddresses: [],
  subject,
  bodyText: `${subject} body\n\n-- \n김민지`,
  ...extra,
});

describe('undo send', () => {
  it('holds the mail in Scheduled for the delay; Undo puts it back in Drafts as written and nothing goes', async () => {
    const file = await uploadFile(server, minjiSigned, 'plan.txt', 'the plan');
    const before = Date.now();
    const held = await minji.data('POST', '/messages', mail('Undo me', { attachmentIds: [file] }));
    expect(held).toMatchObject({ mailboxType: 'SCHEDULED', isDraft: true, subject: 'Undo me' });
    const schedule = await minji.data('GET', `/scheduled/${held.id}`);
    expect(schedule.undo).toBe(true);
    const wait = Date.parse(schedule.sendAt) - before;
    expect(wait).toBeGreaterThanOrEqual(4_900);
    expect(wait).toBeLessThan(7_000);
    expect((await messagesIn(db(), minjiId, 'SCHEDULED')).map((m) => m.subject)).toContain('Undo me');

    expect(await minji.data('POST', `/scheduled/${held.id}/cancel`)).toEqual({ draftId: held.id });
    const draft = await minji.data('GET', `/messages/drafts/${held.id}`);
    expect(draft.message).toMatchObject({
      mailboxType: 'DRAFTS',
      subject: 'Undo me',
      bodyText: 'Undo me body\n\n-- \n김민지',
    });
    expect(draft.message.attachments.map((a: { originalFilename: string }) => a.originalFilename)).toEqual([
      'plan.txt',
    ]);
    expect(draft.recipients.to).toEqual(['Jun <jun@example.com>', 'Emma Stone <emma@remote.test>']);
    expect(draft.context).toMatchObject({ kind: 'NEW', originalMessageId: null });
    expect(await scheduleRows(db(), held.id)).toBe(0);

    // A later mail, due after the undone one would have been, arrives: the undone one did not.
    await minji.data('POST', '/messages', mail('After the undo'));
    await arrives(db(), junId, 'INBOX', 'After the undo');
    expect(Date.now() - before).toBeGreaterThan(5_000);
    expect(await copies(db(), junId, 'INBOX', 'Undo me')).toBe(0);
    expect(relayed(relay, 'Undo me')).toBe(0);
    expect(await copies(db(), minjiId, 'SENT', 'Undo me')).toBe(0);
    // Once gone, Undo has nothing to take back.
    const late = await minji.call('POST', `/scheduled/${held.id}/cancel`, undefined, 'en');
    expect(late.statusCode).toBe(404);
    expect(late.json().message).toMatch(/not waiting to be sent/);
  });

  it('lets the delay pass: delivered once to the user here and once through the relay, Sent only then', async () => {
    const sentAt = Date.now();
    const held = await minji.data('POST', '/messages', mail('Goes after the delay'));
    expect(await copies(db(), junId, 'INBOX', 'Goes after the delay')).toBe(0);
    expect(await copies(db(), minjiId, 'SENT', 'Goes after the delay')).toBe(0);
    await arrives(db(), junId, 'INBOX', 'Goes after the delay');
    expect(Date.now() - sentAt).toBeGreaterThanOrEqual(4_900);
    await eventually(async () => relayed(relay, 'Goes after the delay') > 0, 20_000);
    expect(await copies(db(), minjiId, 'SENT', 'Goes after the delay')).toBe(1);
    expect(await copies(db(), minjiId, 'SCHEDULED', 'Goes after the delay')).toBe(0);
    expect(await scheduleRows(db(), held.id)).toBe(0);
    // Another mail through after it: still one copy each.
    await minji.data('POST', '/messages', mail('Marker after', { sendAt: undefined }));
    await arrives(db(), junId, 'INBOX', 'Marker after');
    expect(await copies(db(), junId, 'INBOX', 'Goes after the delay')).toBe(1);
    expect(relayed(relay, 'Goes after the delay')).toBe(1);
    const relayedMail = relay.received.find((m) => m.raw.toString().includes('Goes after the delay'));
    expect(relayedMail?.to).toEqual(['emma@remote.test']);
  });
});

describe('send later', () => {
  it('refuses a time in the past, in the reader’s language', async () => {
    for (const [lang, text] of [
      ['ko', /예약 시간은 지금보다 뒤여야/],
      ['en', /must be in the future/],
    ] as const) {
      const res = await minji.call(
        'POST',
        `/messages?sendAt=${encodeURIComponent(inMs(-60_000))}`,
        mail('Past'),
        lang,
      );
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toMatch(text);
    }
    const bad = await minji.call('POST', '/messages?sendAt=tomorrow', mail('Past'), 'en');
    expect(bad.statusCode).toBe(400);
    expect(await copies(db(), minjiId, 'SCHEDULED', 'Past')).toBe(0);
  });

  it('waits in Scheduled until its time; Send now sends it at once, once', async () => {
    const sendAt = inMs(60 * 60_000);
    const held = await minji.data(
      'POST',
      `/messages?sendAt=${encodeURIComponent(sendAt)}`,
      mail('Send now please'),
    );
    expect(held.mailboxType).toBe('SCHEDULED');
    expect(await minji.data('GET', `/scheduled/${held.id}`)).toEqual({
      messageId: held.id,
      sendAt,
      undo: false,
    });
    const list = await minji.data('GET', '/messages?mailboxType=SCHEDULED&size=50');
    expect(list.content.map((m: { subject: string }) => m.subject)).toContain('Send now please');
    await minji.data('POST', `/scheduled/${held.id}/send-now`);
    await arrives(db(), junId, 'INBOX', 'Send now please');
    await eventually(async () => relayed(relay, 'Send now please') > 0, 20_000);
    expect(await copies(db(), minjiId, 'SENT', 'Send now please')).toBe(1);
  });

  it('sends a scheduled reply as a reply when its time comes, and a cancelled one comes back as the reply draft', async () => {
    await jun.data('POST', '/messages', {
      toAddresses: ['minji@example.com'],
      subject: 'Lunch?',
      bodyText: 'Noon?',
    });
    await arrives(db(), minjiId, 'INBOX', 'Lunch?');
    const [original] = (await messagesIn(db(), minjiId, 'INBOX')).filter((m) => m.subject === 'Lunch?');
    const reply = (bodyText: string) => ({
      originalMessageId: original!.id,
      subject: 'Re: Lunch?',
      bodyText,
    });
    const kept = await minji.data(
      'POST',
      `/messages/reply?sendAt=${encodeURIComponent(inMs(60 * 60_000))}`,
      reply('Maybe'),
    );
    await minji.data('POST', `/scheduled/${kept.id}/cancel`);
    const draft = await minji.data('GET', `/messages/drafts/${kept.id}`);
    expect(draft.context).toMatchObject({ kind: 'REPLY', originalMessageId: original!.id });
    expect(draft.recipients.to).toEqual(['jun@example.com']);

    await minji.data(
      'POST',
      `/messages/reply?sendAt=${encodeURIComponent(inMs(1_500))}`,
      reply('Yes, noon.'),
    );
    await arrives(db(), junId, 'INBOX', 'Re: Lunch?');
    const inbox = await jun.data('GET', '/messages?mailboxType=INBOX&size=50');
    const got = inbox.content.find((m: { subject: string }) => m.subject === 'Re: Lunch?');
    const full = await jun.data('GET', `/messages/${got.id}`);
    expect(full.bodyText).toContain('Yes, noon.');
    expect(full.inReplyTo).toBeTruthy();
  });

  it('puts a scheduled reply back in Drafts, unsent, when the message it answers is deleted for good', async () => {
    await jun.data('POST', '/messages', {
      toAddresses: ['minji@example.com'],
      subject: 'Gone soon',
      bodyText: 'x',
    });
    await arrives(db(), minjiId, 'INBOX', 'Gone soon');
    const [original] = (await messagesIn(db(), minjiId, 'INBOX')).filter((m) => m.subject === 'Gone soon');
    const held = await minji.data('POST', `/messages/reply?sendAt=${encodeURIComponent(inMs(1_500))}`, {
      originalMessageId: original!.id,
      subject: 'Re: Gone soon',
      bodyText: 'Too late',
    });
    await minji.data('DELETE', `/messages/${original!.id}?permanent=true`);
    await eventually(async () => (await copies(db(), minjiId, 'DRAFTS', 'Re: Gone soon')) === 1, 20_000);
    expect(await scheduleRows(db(), held.id)).toBe(0);
    expect(await copies(db(), junId, 'INBOX', 'Re: Gone soon')).toBe(0);
    expect(await copies(db(), minjiId, 'SENT', 'Re: Gone soon')).toBe(0);
  });

  it('takes a waiting mail off the schedule when it is edited, back to Drafts with the change', async () => {
    const held = await minji.data(
      'POST',
      `/messages?sendAt=${encodeURIComponent(inMs(60 * 60_000))}`,
      mail('Edit me'),
    );
    const edited = await minji.data('PUT', `/messages/drafts/${held.id}`, {
      toAddresses: ['Jun <jun@example.com>'],
      subject: 'Edited',
      bodyText: 'New words',
    });
    expect(edited).toMatchObject({ id: held.id, mailboxType: 'DRAFTS', subject: 'Edited' });
    expect(await scheduleRows(db(), held.id)).toBe(0);
    expect((await minji.call('GET', `/scheduled/${held.id}`)).statusCode).toBe(404);
  });

  it("answers 404 for another user's waiting mail, and leaves it waiting", async () => {
    const held = await minji.data(
      'POST',
      `/messages?sendAt=${encodeURIComponent(inMs(60 * 60_000))}`,
      mail('Not yours'),
    );
    for (const [method, path] of [
      ['GET', `/scheduled/${held.id}`],
      ['POST', `/scheduled/${held.id}/send-now`],
      ['POST', `/scheduled/${held.id}/cancel`],
      ['GET', '/scheduled/999999'],
    ] as const) {
      const res = await jun.call(method, path);
      expect(res.statusCode, `${method} ${path}`).toBe(404);
    }
    expect(await minji.data('GET', `/scheduled/${held.id}`)).toMatchObject({ messageId: held.id });
    expect(await scheduleRows(db(), held.id)).toBe(1);
  });
});
