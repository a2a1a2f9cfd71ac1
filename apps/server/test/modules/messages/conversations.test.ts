// Conversations (issue 36): threading by RFC 5256 REFERENCES over SMTP and the API, one row per
// conversation in a folder's list, a conversation's messages, and actions on conversations.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signIn, type SignedIn, type TestContext } from '../../helpers/test-app.js';
import { sendMessage } from '../../mail/helpers/smtp-client.js';
import { SmtpServers } from '../../mail/helpers/smtp-servers.js';
import { foldersByType, mailApi, type MailApi } from './mail-api.js';

interface Row {
  id: number;
  conversationId: string;
  subject: string;
  messageCount: number;
  unreadCount: number;
  isRead: boolean;
  isStarred: boolean;
  hasAttachments: boolean;
  participants: { name: string | null; address: string; isMe: boolean }[];
}
interface Page {
  content: Row[];
  totalElements: number;
  nextCursor: string | null;
}
interface Conversation {
  subject: string;
  messages: { id: number; subject: string; fromAddress: string; mailboxType: string }[];
}

let ctx: TestContext;
let smtpPort: number;
const servers = new SmtpServers();
let jun: SignedIn;
let api: MailApi;
let minji: MailApi;
const JUN = 'jun@postline.local';

/** A message from outside, over SMTP, to jun. */
async function smtp(from: string, subject: string, headers: Record<string, string> = {}, to = JUN) {
  const extra = Object.entries(headers)
    .map(([k, v]) => `${k}: ${v}\r\n`)
    .join('');
  const raw = Buffer.from(
    `From: ${from}\r\nTo: ${to}\r\nSubject: =?UTF-8?B?${Buffer.from(subject).toString('base64')}?=\r\n${extra}` +
      `Content-Type: text/plain; charset=utf-8\r\n\r\n${subject} 본문\r\n`,
  );
  const sent = await sendMessage(smtpPort, { from: from.replace(/.*</, '').replace('>', ''), to: [to] }, raw);
  expect(sent.final).toMatch(/^250 /);
}

const inbox = () => api.data<Page>('GET', '/conversations?mailboxType=INBOX&size=50');
const rowOf = async (subject: string) => (await inbox()).content.filter((r) => r.subject === subject);

beforeAll(async () => {
  ctx = await createTestApp();
  smtpPort = (await servers.start(ctx.app.delivery)).port;
  jun = await signIn(ctx.app, JUN, '이준');
  api = mailApi(ctx, jun);
  minji = mailApi(ctx, await signIn(ctx.app, 'minji@postline.local', '김민지'));
});
afterAll(async () => {
  await servers.closeAll();
  await ctx?.close();
});

describe('threading', () => {
  it('joins a References chain into one conversation, one row with the count and the newest date', async () => {
    await smtp('Partner <partner@example.com>', '분기 보고', { 'Message-ID': '<q1@example.com>' });
    await smtp('Partner <partner@example.com>', 'Re: 분기 보고', {
      'Message-ID': '<q2@example.com>',
      'In-Reply-To': '<q1@example.com>',
      References: '<q1@example.com>',
    });
    await smtp('Other <other@example.com>', 'Re: 분기 보고', {
      'Message-ID': '<q3@example.com>',
      References: '<q1@example.com> <q2@example.com>',
    });
    const rows = (await inbox()).content.filter((r) => r.subject.includes('분기 보고'));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ messageCount: 3, messagesInFolder: 3, unreadCount: 3, isRead: false });
    expect(rows[0]!.participants.map((p) => p.address)).toEqual(['partner@example.com', 'other@example.com']);
  });

  it('joins a reply that arrived before its parent once the parent comes', async () => {
    await smtp('Partner <partner@example.com>', 'Re: 늦은 원본', {
      'Message-ID': '<child@example.com>',
      'In-Reply-To': '<parent@example.com>',
    });
    expect(await rowOf('Re: 늦은 원본')).toHaveLength(1);
    // The parent's date is older: the reply stays the newest, and the two are one row.
    await smtp('Partner <partner@example.com>', '늦은 원본', {
      'Message-ID': '<parent@example.com>',
      Date: 'Mon, 1 Jan 2024 09:00:00 +0900',
    });
    const rows = (await inbox()).content.filter((r) => r.subject.includes('늦은 원본'));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.messageCount).toBe(2);
  });

  it('threads mail without references by subject only with the same participants', async () => {
    await smtp('Partner <partner@example.com>', '회의', { 'Message-ID': '<m1@example.com>' });
    await smtp('Partner <partner@example.com>', 'RE: 회의', { 'Message-ID': '<m2@example.com>' });
    await smtp('Partner <partner@example.com>', '회신: 회의', { 'Message-ID': '<m3@example.com>' });
    // Strangers' "Re: 회의" share the words, not the conversation.
    await smtp('Stranger <stranger@example.com>', 'Re: 회의', { 'Message-ID': '<s1@example.com>' });
    await smtp('Someone <someone@example.com>', 'Re: 회의', { 'Message-ID': '<s2@example.com>' });
    const rows = (await inbox()).content.filter((r) => /회의$/.test(r.subject));
    expect(rows.map((r) => [r.participants[0]!.address, r.messageCount]).sort()).toEqual([
      ['partner@example.com', 3],
      ['someone@example.com', 1],
      ['stranger@example.com', 1],
    ]);
  });

  it("takes the user's own reply into the conversation, and the other user's reply back", async () => {
    await minji.data('POST', '/messages', {
      toAddresses: [JUN],
      subject: '점심 약속',
      bodyText: '내일 점심 어때요?',
    });
    const [first] = await rowOf('점심 약속');
    await api.data('POST', '/messages/reply', {
      originalMessageId: first!.id,
      subject: 'Re: 점심 약속',
      bodyText: '좋아요',
    });
    const minjiInbox = await minji.data<Page>('GET', '/conversations?mailboxType=INBOX');
    const answer = minjiInbox.content.find((r) => r.subject === 'Re: 점심 약속')!;
    expect(answer).toMatchObject({ messageCount: 2, messagesInFolder: 1 });
    expect(answer.participants.map((p) => [p.name, p.isMe])).toEqual([
      ['김민지', true],
      ['이준', false],
    ]);
    await minji.data('POST', '/messages/reply', {
      originalMessageId: answer.id,
      subject: 'Re: Re: 점심 약속',
      bodyText: '12시에 봬요',
    });
    const rows = (await inbox()).content.filter((r) => r.subject.includes('점심 약속'));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ messageCount: 3, messagesInFolder: 2, subject: 'Re: Re: 점심 약속' });
    expect(rows[0]!.participants.map((p) => [p.name, p.isMe])).toEqual([
      ['김민지', false],
      ['이준', true],
    ]);
    const opened = await api.data<Conversation>('GET', `/conversations/${rows[0]!.conversationId}`);
    expect(opened.subject).toBe('점심 약속');
    expect(opened.messages.map((m) => [m.subject, m.mailboxType])).toEqual([
      ['점심 약속', 'INBOX'],
      ['Re: 점심 약속', 'SENT'],
      ['Re: Re: 점심 약속', 'INBOX'],
    ]);
  });
});

describe('the conversation list and its actions', () => {
  it('pages by cursor as the flat list does, one row per conversation', async () => {
    const all = await inbox();
    const first = await api.data<Page>('GET', '/conversations?mailboxType=INBOX&size=3');
    expect(first.totalElements).toBe(all.content.length);
    const second = await api.data<Page>(
      'GET',
      `/conversations?mailboxType=INBOX&size=3&page=1&cursor=${first.nextCursor}`,
    );
    expect([...first.content, ...second.content].map((r) => r.conversationId)).toEqual(
      all.content.slice(0, 6).map((r) => r.conversationId),
    );
  });

  it('reads, stars, archives and deletes all of a conversation’s messages in the folder', async () => {
    const folders = await foldersByType(api);
    const [row] = (await inbox()).content.filter((r) => r.subject.includes('분기 보고'));
    const act = (action: string, extra: Record<string, unknown> = {}) =>
      api.data<{ affected: number }>('POST', '/messages/bulk', {
        action,
        conversations: { ids: [row!.conversationId], mailboxId: folders.INBOX!.id },
        ...extra,
      });
    expect((await act('READ')).affected).toBe(3);
    expect((await rowOf(row!.subject))[0]).toMatchObject({ isRead: true, unreadCount: 0 });
    expect((await act('STAR')).affected).toBe(3);
    expect((await rowOf(row!.subject))[0]!.isStarred).toBe(true);
    const unreadOnly = await api.data<Page>('GET', '/conversations?mailboxType=INBOX&isRead=false&size=50');
    expect(unreadOnly.content.map((r) => r.conversationId)).not.toContain(row!.conversationId);
    expect((await act('MOVE', { targetMailboxId: folders.ARCHIVE!.id })).affected).toBe(3);
    expect(await rowOf(row!.subject)).toHaveLength(0);
    const archived = await api.data<Page>('GET', '/conversations?mailboxType=ARCHIVE');
    expect(archived.content.find((r) => r.conversationId === row!.conversationId)?.messageCount).toBe(3);
    const fromArchive = await api.data<{ affected: number }>('POST', '/messages/bulk', {
      action: 'DELETE',
      conversations: { ids: [row!.conversationId], mailboxId: folders.ARCHIVE!.id },
    });
    expect(fromArchive.affected).toBe(3);
    const trash = await api.data<Page>('GET', '/conversations?mailboxType=TRASH');
    expect(trash.content.find((r) => r.conversationId === row!.conversationId)?.messageCount).toBe(3);
    // Search still finds each message on its own.
    const found = await api.data<Page>('GET', `/messages/search?q=${encodeURIComponent('in:trash 분기')}`);
    expect(found.content).toHaveLength(3);
  });

  it("answers 404 for another user's conversation and 400 for a malformed id, in the user's language", async () => {
    const [mine] = (await inbox()).content.filter((r) => r.subject.includes('늦은 원본'));
    const other = await minji.call('GET', `/conversations/${mine!.conversationId}`, undefined, 'en');
    expect(other.statusCode).toBe(404);
    expect(other.json().message).toBe('Conversation not found.');
    const korean = await minji.call('GET', `/conversations/${mine!.conversationId}`);
    expect(korean.json().message).toBe('대화를 찾을 수 없습니다.');
    const minjiFolders = await foldersByType(minji);
    const bulk = await minji.call('POST', '/messages/bulk', {
      action: 'DELETE',
      conversations: { ids: [mine!.conversationId], mailboxId: minjiFolders.INBOX!.id },
    });
    expect(bulk.json().data.affected).toBe(0);
    const juns = await foldersByType(api);
    const foreignFolder = await minji.call('POST', '/messages/bulk', {
      action: 'READ',
      conversations: { ids: [mine!.conversationId], mailboxId: juns.INBOX!.id },
    });
    expect(foreignFolder.statusCode).toBe(404);
    expect((await api.call('GET', '/conversations/not*valid', undefined, 'en')).statusCode).toBe(400);
    expect((await rowOf(mine!.subject))[0]!.messageCount).toBe(2);
  });
});
