import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTACT_IMPORT_CHARS_MAX, CONTACT_IMPORT_COUNT_MAX } from '@postline/shared/contacts';
import { createTestApp, signIn, type TestContext } from '../../helpers/test-app.js';
import { mailApi, type MailApi } from '../messages/mail-api.js';

/**
 * Issue 36: contacts come in from and go out to vCard (RFC 6350) and CSV files (Google's and
 * Outlook's columns), Korean names intact; a file too large, too long or unreadable is refused in
 * the reader's language, and nothing of it is stored.
 */
let ctx: TestContext;
let minji: MailApi;
let jun: MailApi;

beforeAll(async () => {
  ctx = await createTestApp();
  minji = mailApi(ctx, await signIn(ctx.app, 'minji@example.com', '김민지'));
  jun = mailApi(ctx, await signIn(ctx.app, 'jun@example.com', 'Jun'));
});
afterAll(async () => ctx?.close());

type Listed = {
  name: string;
  addresses: string[];
  phone: string | null;
  company: string | null;
  note: string | null;
};
const shape = ({ name, addresses, phone, company, note }: Listed) => ({
  name,
  addresses,
  phone,
  company,
  note,
});
const all = async (api: MailApi) =>
  ((await api.data('GET', '/contacts?size=100')).content as Listed[]).map(shape);

const VCARDS = [
  'BEGIN:VCARD',
  'VERSION:3.0',
  'FN:김민수',
  'N:김;민수;;;',
  'EMAIL;TYPE=INTERNET:minsu@example.com',
  'EMAIL;TYPE=WORK:minsu@work.example',
  'TEL;TYPE=CELL:010-2222-3333',
  'ORG:포스트라인;개발팀',
  'NOTE:첫 줄\\n둘째 줄\\, 쉼표',
  'END:VCARD',
  'BEGIN:VCARD',
  'VERSION:4.0',
  'N:Park;Jisoo;;;',
  'EMAIL:jisoo@example.com',
  'END:VCARD',
  'BEGIN:VCARD',
  'VERSION:4.0',
  'FN:No Address',
  'END:VCARD',
  '',
].join('\r\n');

describe('vCard', () => {
  it('imports every card with an address, and exports them as they were', async () => {
    const result = await minji.data('POST', '/contacts/import', { format: 'vcard', content: VCARDS });
    expect(result).toEqual({ imported: 2, skipped: 1 });
    const imported = await all(minji);
    expect(imported).toEqual([
      { name: 'Jisoo Park', addresses: ['jisoo@example.com'], phone: null, company: null, note: null },
      {
        name: '김민수',
        addresses: ['minsu@example.com', 'minsu@work.example'],
        phone: '010-2222-3333',
        company: '포스트라인;개발팀',
        note: '첫 줄\n둘째 줄, 쉼표',
      },
    ]);

    // The same file again adds nothing: every address is kept already.
    expect(await minji.data('POST', '/contacts/import', { format: 'vcard', content: VCARDS })).toEqual({
      imported: 0,
      skipped: 3,
    });

    const file = await minji.data('GET', '/contacts/export?format=vcard');
    expect(file).toMatchObject({ fileName: '연락처.vcf', mediaType: 'text/vcard' });
    expect(file.content).toContain('FN:김민수');
    expect(file.content).toContain('VERSION:4.0');
    expect(
      (await minji.call('GET', '/contacts/export?format=vcard', undefined, 'en')).json().data.fileName,
    ).toBe('contacts.vcf');
    // Round trip: another person imports the export and has the same contacts.
    expect(await jun.data('POST', '/contacts/import', { format: 'vcard', content: file.content })).toEqual({
      imported: 2,
      skipped: 0,
    });
    expect(await all(jun)).toEqual(imported);
  });
});

describe('CSV', () => {
  it("reads Google's and Outlook's columns and round-trips its own export", async () => {
    const google = [
      'First Name,Middle Name,Last Name,E-mail 1 - Label,E-mail 1 - Value,E-mail 2 - Value,Phone 1 - Value,Organization Name,Notes',
      '서연,,이,* Home,seoyeon@example.com ::: seoyeon@home.example,,010-1111-2222,"포스트, 주식회사","메모 ""인용"""',
      'Emma,,Stone,,emma@example.com,emma@work.example,,,',
    ].join('\n');
    const outlook = [
      '\uFEFFFirst Name,Last Name,E-mail Address,E-mail 2 Address,Mobile Phone,Company,Notes',
      '도윤,한,doyoon@example.com,,010-3333-4444,한빛,',
      'Bad,Row,not-an-address,,,,',
    ].join('\r\n');
    const csvUser = mailApi(ctx, await signIn(ctx.app, 'csv@example.com', 'CSV'));
    expect(await csvUser.data('POST', '/contacts/import', { format: 'csv', content: google })).toEqual({
      imported: 2,
      skipped: 0,
    });
    expect(await csvUser.data('POST', '/contacts/import', { format: 'csv', content: outlook })).toEqual({
      imported: 1,
      skipped: 1,
    });
    const imported = await all(csvUser);
    expect(imported).toEqual([
      {
        name: 'Emma Stone',
        addresses: ['emma@example.com', 'emma@work.example'],
        phone: null,
        company: null,
        note: null,
      },
      {
        name: '이서연',
        addresses: ['seoyeon@example.com', 'seoyeon@home.example'],
        phone: '010-1111-2222',
        company: '포스트, 주식회사',
        note: '메모 "인용"',
      },
      {
        name: '한도윤',
        addresses: ['doyoon@example.com'],
        phone: '010-3333-4444',
        company: '한빛',
        note: null,
      },
    ]);

    const file = await csvUser.data('GET', '/contacts/export?format=csv');
    expect(file).toMatchObject({ fileName: '연락처.csv', mediaType: 'text/csv' });
    expect(file.content.split('\r\n')[0]).toBe(
      '\uFEFFName,E-mail 1 - Value,E-mail 2 - Value,Phone 1 - Value,Organization Name,Notes',
    );
    const again = mailApi(ctx, await signIn(ctx.app, 'csv2@example.com', 'CSV 2'));
    expect(await again.data('POST', '/contacts/import', { format: 'csv', content: file.content })).toEqual({
      imported: 3,
      skipped: 0,
    });
    expect(await all(again)).toEqual(imported);
  });
});

describe('import limits', () => {
  const refused = async (body: unknown, status: number, ko: RegExp, en: RegExp) => {
    const before = (await jun.data('GET', '/contacts')).totalElements;
    for (const [lang, text] of [
      ['ko', ko],
      ['en', en],
    ] as const) {
      const res = await jun.call('POST', '/contacts/import', body, lang);
      expect(res.statusCode, res.body).toBe(status);
      expect(res.json()).toMatchObject({ success: false });
      expect(res.json().message).toMatch(text);
    }
    expect((await jun.data('GET', '/contacts')).totalElements).toBe(before);
  };

  it('refuses a file that is not what it says, in the reader’s language', async () => {
    await refused({ format: 'vcard', content: 'hello, world' }, 400, /vCard 형식/, /vCard contacts file/);
    await refused({ format: 'csv', content: 'a,b\n1,2' }, 400, /CSV 형식/, /CSV contacts file/);
    await refused({ format: 'xml', content: 'x' }, 400, /[가-힣]/, /^[^가-힣]+$/);
  });

  it(`refuses more than ${CONTACT_IMPORT_COUNT_MAX} contacts or a file too large, storing none`, async () => {
    const rows = Array.from(
      { length: CONTACT_IMPORT_COUNT_MAX + 1 },
      (_, i) => `사람${i},p${i}@bulk.example`,
    );
    await refused(
      { format: 'csv', content: ['Name,E-mail Address', ...rows].join('\n') },
      400,
      new RegExp(`최대 ${CONTACT_IMPORT_COUNT_MAX}개.*${CONTACT_IMPORT_COUNT_MAX + 1}개`),
      new RegExp(`At most ${CONTACT_IMPORT_COUNT_MAX} .* has ${CONTACT_IMPORT_COUNT_MAX + 1}`),
    );
    const big = `Name,E-mail Address\n${'가'.repeat(CONTACT_IMPORT_CHARS_MAX)},a@example.com`;
    await refused({ format: 'csv', content: big }, 413, /너무 큽니다/, /too large/);
  });
});
