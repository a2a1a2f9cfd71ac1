import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ContactSuggestion } from '@postline/shared/contacts';
import { createTestApp, signIn, type TestContext } from '../../helpers/test-app.js';
import { deliver, incoming } from '../filters/helpers.js';
import { mailApi, sendBody, type MailApi } from '../messages/mail-api.js';

/**
 * Issue 36: recipient autocomplete. Contacts, groups and everyone in the person's mail, found by
 * the start of a name or address or by Korean initial consonants (ㄱㅁㅈ finds 김민지), ranked by how
 * often and how recently they wrote or were written to; a group brings its members.
 */
let ctx: TestContext;
let sora: MailApi;
let jun: MailApi;
let soraId: number;

beforeAll(async () => {
  ctx = await createTestApp();
  const signed = await signIn(ctx.app, 'sora@example.com', '이소라');
  soraId = signed.user.id;
  sora = mailApi(ctx, signed);
  jun = mailApi(ctx, await signIn(ctx.app, 'jun@example.com', 'Jun'));
});
afterAll(async () => ctx?.close());

const suggest = async (api: MailApi, q: string): Promise<ContactSuggestion[]> =>
  (await api.data('GET', `/contacts/suggest?q=${encodeURIComponent(q)}`)).items;
const addresses = (items: ContactSuggestion[]) => items.map((item) => item.address ?? `group:${item.name}`);

async function receive(from: string, name: string | null, times: number) {
  for (let i = 0; i < times; i++)
    await deliver(
      ctx,
      soraId,
      incoming({
        from: { address: from, name },
        to: [{ address: 'sora@example.com', name: '이소라' }],
        subject: `안녕하세요 ${i}`,
      }),
    );
}

describe('autocomplete', () => {
  beforeAll(async () => {
    for (const [name, address] of [
      ['김민지', 'minji@example.com'],
      ['김민준', 'minjun@example.com'],
      ['Alex Kim', 'alex@example.com'],
    ])
      expect((await sora.call('POST', '/contacts', { name, addresses: [address] })).statusCode).toBe(201);
  });

  it('finds contacts by Korean initial consonants, name, second name and address, ranked by mail', async () => {
    // Before any mail, the contact saved last comes first; then the one who writes.
    expect(addresses(await suggest(sora, 'ㄱㅁㅈ'))).toEqual(['minjun@example.com', 'minji@example.com']);
    await sora.data('PUT', `/contacts/${(await sora.data('GET', '/contacts?q=minji@')).content[0].id}`, {
      name: '김민지',
      addresses: ['minji@example.com'],
    });
    expect(addresses(await suggest(sora, 'ㄱㅁㅈ'))).toEqual(['minji@example.com', 'minjun@example.com']);
    await receive('minjun@example.com', '김민준', 3);
    const byInitials = await suggest(sora, 'ㄱㅁㅈ');
    expect(addresses(byInitials)).toEqual(['minjun@example.com', 'minji@example.com']);
    expect(byInitials[0]).toMatchObject({ kind: 'contact', name: '김민준', groupId: null, members: [] });
    expect(addresses(await suggest(sora, 'ㄱㅁ'))).toEqual(['minjun@example.com', 'minji@example.com']);
    expect(addresses(await suggest(sora, '김민지'))).toEqual(['minji@example.com']);
    expect(addresses(await suggest(sora, 'MINJI@'))).toEqual(['minji@example.com']);
    expect(addresses(await suggest(sora, 'kim'))).toEqual(['alex@example.com']);
    expect(await suggest(sora, 'ㅎㅎ')).toEqual([]);
    expect(await suggest(sora, '%')).toEqual([]);
  });

  it('suggests people from the mail, more often and more recently first, never oneself', async () => {
    await receive('dana@old.example', 'Dana Old', 3);
    // Dana's three mails came two months ago; Dave wrote once today, Dora three times today.
    await ctx.db.database.db.execute(
      sql`UPDATE messages SET received_at = now() - interval '60 days' WHERE user_id = ${soraId} AND from_address = 'dana@old.example'`,
    );
    await receive('dave@new.example', 'Dave New', 1);
    await receive('dora@new.example', '도라', 3);
    const items = await suggest(sora, 'd');
    expect(addresses(items)).toEqual(['dora@new.example', 'dave@new.example', 'dana@old.example']);
    expect(items[0]).toMatchObject({ kind: 'recent', name: '도라', contactId: null });
    expect(addresses(await suggest(sora, 'ㄷㄹ'))).toEqual(['dora@new.example']);
    expect(addresses(await suggest(sora, 'new'))).toEqual(['dave@new.example']);
    expect(addresses(await suggest(sora, 'sora'))).toEqual([]);
    expect(addresses(await suggest(sora, '이소'))).toEqual([]);
  });

  it('suggests whom one has written to', async () => {
    const res = await sora.call(
      'POST',
      '/messages',
      sendBody(['partner@elsewhere.test'], '견적', '보내드립니다'),
    );
    expect(res.statusCode, res.body).toBe(200);
    // The send may still be on its way: ask again until the address shows, within a deadline.
    const items = await vi.waitFor(
      async () => {
        const found = await suggest(sora, 'part');
        expect(found.length).toBeGreaterThan(0);
        return found;
      },
      { timeout: 45_000, interval: 200 },
    );
    expect(items).toEqual([
      {
        kind: 'recent',
        name: null,
        address: 'partner@elsewhere.test',
        contactId: null,
        groupId: null,
        members: [],
      },
    ]);
  });

  it('suggests a group by its name or initials, with its members’ addresses', async () => {
    const contacts = (await sora.data('GET', '/contacts?q=ㄱㅁㅈ')).content as { id: number }[];
    const made = await sora.call('POST', '/contact-groups', {
      name: '디자인팀',
      memberIds: contacts.map((c) => c.id),
    });
    expect(made.statusCode).toBe(201);
    for (const q of ['디자', 'ㄷㅈㅇ']) {
      const [group, ...rest] = await suggest(sora, q);
      expect(rest).toEqual([]);
      expect(group).toEqual({
        kind: 'group',
        name: '디자인팀',
        address: null,
        contactId: null,
        groupId: made.json().data.id,
        members: [
          { name: '김민준', address: 'minjun@example.com' },
          { name: '김민지', address: 'minji@example.com' },
        ],
      });
    }
  });

  it('finds a rarely seen address among thousands of better ranked ones', async () => {
    const signed = await signIn(ctx.app, 'cara@example.com', 'Cara');
    const cara = mailApi(ctx, signed);
    const caraId = signed.user.id;
    // 3,000 people written to often and lately, and one written to once, a year ago.
    await ctx.db.database.db.execute(sql`
      INSERT INTO contact_seen_addresses (user_id, address, name, name_key, times, last_seen, rank)
      SELECT ${caraId}, 'busy' || n || '@often.example', 'Busy ' || n, 'busy ' || n, 50, now(), 100 + n
      FROM generate_series(1, 3000) AS n`);
    await ctx.db.database.db.execute(sql`
      INSERT INTO contact_seen_addresses (user_id, address, name, name_key, times, last_seen, rank)
      VALUES (${caraId}, 'zed@rare.example', 'Zed', 'zed', 1, now() - interval '1 year', 1)`);
    expect(addresses(await suggest(cara, 'ze'))).toEqual(['zed@rare.example']);
    expect(addresses(await suggest(cara, 'busy'))).toEqual(
      Array.from({ length: 8 }, (_, i) => `busy${3000 - i}@often.example`),
    );
  });

  it("shows nobody else's contacts, groups or correspondents", async () => {
    for (const q of ['ㄱㅁㅈ', '디자', 'd', 'minj']) expect(await suggest(jun, q)).toEqual([]);
  });

  it('refuses an empty or overlong query and a bad limit, in the reader’s language', async () => {
    for (const lang of ['ko', 'en'] as const)
      for (const query of ['q=', 'q=%20', `q=${'a'.repeat(101)}`, 'q=a&limit=0', 'q=a&limit=x']) {
        const res = await sora.call('GET', `/contacts/suggest?${query}`, undefined, lang);
        expect(res.statusCode, query).toBe(400);
        expect(res.json().message).toMatch(lang === 'ko' ? /[가-힣]/ : /^[^가-힣]+$/);
      }
    expect((await ctx.app.inject({ method: 'GET', url: '/api/v1/contacts/suggest?q=a' })).statusCode).toBe(
      401,
    );
  });
});
