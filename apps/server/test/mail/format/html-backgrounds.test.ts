import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, signIn, type SignedIn, type TestServer } from '../../helpers/test-app.js';
import { mailApi } from '../../modules/messages/mail-api.js';
import { sendMessage } from '../helpers/smtp-client.js';

/** Issue 34: a shop's newsletter arrives over SMTP and reads as its sender laid it out. */
let ctx: TestServer;
let minji: SignedIn;

beforeAll(async () => {
  ctx = await createTestServer({ SERVICES: 'smtp' });
  minji = await signIn(ctx.app, 'minji@postline.local', '김민지');
});
afterAll(async () => {
  await ctx?.close();
});

const newsletter = (subject: string, html: string) =>
  Buffer.from(
    `From: Shop <news@shop.example>\r\nTo: minji@postline.local\r\nSubject: ${subject}\r\n` +
      `Message-ID: <${Date.now()}.${Math.random()}@shop.example>\r\nMIME-Version: 1.0\r\n` +
      `Content-Type: text/html; charset=utf-8\r\n\r\n${html}\r\n`,
  );

describe('an HTML newsletter’s backgrounds', () => {
  it('keeps its dark banner with white text, and never leaves white text on nothing', async () => {
    const html =
      '<table width="600" bgcolor="#ffffff"><tr>' +
      '<td style="background:#111827;color:#ffffff;padding:24px">BLACK FRIDAY</td>' +
      '<td background="https://shop.example/hero.jpg" style="background-color:#7c2d12;color:#fff">50% OFF</td>' +
      '</tr></table>' +
      '<div style="background:linear-gradient(90deg,#000,#444);color:#fff">Members only</div>';
    const result = await sendMessage(
      ctx.server.smtp?.port ?? 0,
      { from: 'news@shop.example', to: ['minji@postline.local'] },
      newsletter('Black Friday', html),
    );
    expect(result.final).toMatch(/^250 /);
    const api = mailApi(ctx, minji);
    const inbox = await api.data<{ content: { id: number; subject: string }[] }>(
      'GET',
      '/messages?mailboxType=INBOX&size=5',
    );
    const id = inbox.content.find((m) => m.subject === 'Black Friday')!.id;
    const { bodyHtml } = await api.data<{ bodyHtml: string }>('GET', `/messages/${id}`);
    expect(bodyHtml).toContain('<td style="background:#111827;color:#ffffff;padding:24px">BLACK FRIDAY</td>');
    expect(bodyHtml).toContain(
      '<td style="background-color:#7c2d12;color:#fff" background="https://shop.example/hero.jpg">50% OFF</td>',
    );
    // The gradient cannot be kept, so neither can the white it carried.
    expect(bodyHtml).toContain('<div>Members only</div>');
  });
});
