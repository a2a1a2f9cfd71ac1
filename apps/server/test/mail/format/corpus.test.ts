import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signIn, type SignedIn, type TestContext } from '../../helpers/test-app.js';
import { sendMessage } from '../helpers/smtp-client.js';
import { SmtpServers } from '../helpers/smtp-servers.js';

/**
 * Real messages as other mail programs send them (test/fixtures/mail: one .eml of exact bytes and a
 * .json of what the user must see), delivered over SMTP and read back through the HTTP API the web
 * app uses: the list row, the message, its files and one download each.
 */
const FIXTURES = fileURLToPath(new URL('../../fixtures/mail/', import.meta.url));

/** Issue 12's classes; a fixture removed by mistake fails here rather than passing unnoticed. */
const REQUIRED_CLASSES = [
  'euc-kr-no-charset',
  'cp949-labelled-us-ascii-base64',
  'ks-c-5601-extension-hangul',
  'raw-8bit-headers-euc-kr',
  'raw-8bit-headers-no-charset',
  'raw-8bit-filename',
  'iso-2022-kr',
  'iso-2022-jp',
  'shift-jis',
  'big5',
  'gb18030',
  'windows-1252-labelled-latin1',
  'rfc2047-split-words',
  'rfc2231-continuations',
  'nfd-filename',
  'apple-mail',
  'iphone-inline-photo',
  'outlook',
  'gmail',
  'forwarded-rfc822',
  'dsn',
  'smime-signed',
  'bare-lf',
  'invitation-google',
  'invitation-outlook',
  'unknown-charset',
];

interface ExpectedFile {
  name: string;
  size: number;
  sha256: string;
}

interface Expected {
  class: string;
  /** Send the bytes as they are (bare LF), without turning line endings into CRLF. */
  sendAsIs?: boolean;
  subject: string;
  from: { address: string; name: string | null };
  bodyContains: string[];
  htmlContains?: string[];
  /** The files the user can save, in order; "any" when a broken part makes the count moot. */
  attachments: ExpectedFile[] | 'any';
  /** Images the HTML shows in place: stored, not counted. */
  inline?: ExpectedFile[];
}

interface ApiAttachment {
  id: number;
  originalFilename: string;
  sizeBytes: number;
  isInline: boolean;
}

interface ApiListItem {
  id: number;
  subject: string;
  fromName: string | null;
  fromAddress: string;
  hasAttachments: boolean;
  attachmentCount: number;
}

interface ApiMessage extends ApiListItem {
  bodyText: string;
  bodyHtml: string | null;
  attachments: ApiAttachment[];
}

const corpus = fs
  .readdirSync(FIXTURES)
  .filter((name) => name.endsWith('.eml'))
  .sort()
  .map((name) => ({
    name: name.replace(/\.eml$/, ''),
    raw: fs.readFileSync(path.join(FIXTURES, name)),
    expected: JSON.parse(
      fs.readFileSync(path.join(FIXTURES, name.replace(/\.eml$/, '.json')), 'utf8'),
    ) as Expected,
  }));

let ctx: TestContext;
let jun: SignedIn;
let port: number;
const servers = new SmtpServers();

beforeAll(async () => {
  ctx = await createTestApp();
  jun = await signIn(ctx.app, 'jun@postline.local', '이준');
  port = (await servers.start(ctx.app.delivery)).port;
});
afterAll(async () => {
  await servers.closeAll();
  await ctx?.close();
});

async function api<T>(url: string): Promise<T> {
  const response = await ctx.app.inject({ method: 'GET', url: `/api/v1${url}`, headers: jun.headers });
  expect(response.statusCode, url).toBe(200);
  return response.json<{ data: T }>().data;
}

async function inboxIds(): Promise<Set<number>> {
  const page = await api<{ content: ApiListItem[] }>('/messages?size=100');
  return new Set(page.content.map((item) => item.id));
}

const sha256 = (bytes: Buffer) => crypto.createHash('sha256').update(bytes).digest('hex');

/** What a user reads must never show U+FFFD where the sender wrote real characters. */
function expectNoReplacementCharacters(message: ApiMessage) {
  for (const text of [
    message.subject,
    message.fromName ?? '',
    message.bodyText,
    message.bodyHtml ?? '',
    ...message.attachments.map((a) => a.originalFilename),
  ])
    expect(text).not.toContain('\ufffd');
}

describe('the mail corpus, delivered over SMTP and read through the API', () => {
  it('has a fixture for every class the parser must handle', () => {
    expect(corpus.map((fixture) => fixture.name)).toEqual(expect.arrayContaining(REQUIRED_CLASSES));
  });

  for (const { name, raw, expected } of corpus) {
    it(`${name}: ${expected.class}`, async () => {
      const before = await inboxIds();
      const result = await sendMessage(
        port,
        { from: expected.from.address, to: ['jun@postline.local'] },
        raw,
        undefined,
        { keepLineEndings: expected.sendAsIs === true },
      );
      expect(result.final).toMatch(/^250 /);

      const page = await api<{ content: ApiListItem[] }>('/messages?size=100');
      const arrived = page.content.filter((item) => !before.has(item.id));
      expect(arrived).toHaveLength(1);
      const row = arrived[0]!;
      expect(row).toMatchObject({
        subject: expected.subject,
        fromAddress: expected.from.address,
        fromName: expected.from.name,
      });

      const message = await api<ApiMessage>(`/messages/${row.id}`);
      expectNoReplacementCharacters(message);
      for (const fragment of expected.bodyContains) expect(message.bodyText).toContain(fragment);
      for (const fragment of expected.htmlContains ?? []) expect(message.bodyHtml).toContain(fragment);

      const files = await api<ApiAttachment[]>(`/attachments/message/${row.id}`);
      const listed = files.filter((file) => !file.isInline);
      if (expected.attachments === 'any') return;

      // The paper clip and the count in the list, and the files of the message, agree.
      expect(row.hasAttachments).toBe(expected.attachments.length > 0);
      expect(row.attachmentCount).toBe(expected.attachments.length);
      expect(
        message.attachments.filter((file) => !file.isInline).map((file) => file.originalFilename),
      ).toEqual(expected.attachments.map((file) => file.name));
      expect(listed.map((file) => ({ name: file.originalFilename, size: file.sizeBytes }))).toEqual(
        expected.attachments.map((file) => ({ name: file.name, size: file.size })),
      );
      expect(
        files
          .filter((file) => file.isInline)
          .map((file) => ({ name: file.originalFilename, size: file.sizeBytes })),
      ).toEqual((expected.inline ?? []).map((file) => ({ name: file.name, size: file.size })));

      for (const [index, file] of listed.entries()) {
        const download = await ctx.app.inject({
          method: 'GET',
          url: `/api/v1/attachments/${file.id}/download`,
          headers: jun.headers,
        });
        expect(download.statusCode).toBe(200);
        expect(download.rawPayload.length).toBe(expected.attachments[index]!.size);
        expect(sha256(download.rawPayload)).toBe(expected.attachments[index]!.sha256);
        // The saved file carries the name the list shows (RFC 6266 filename*, UTF-8).
        const saved = /filename\*=UTF-8''([^;]+)/i.exec(String(download.headers['content-disposition']));
        expect(decodeURIComponent(saved?.[1] ?? '')).toBe(expected.attachments[index]!.name);
      }
    });
  }
});
