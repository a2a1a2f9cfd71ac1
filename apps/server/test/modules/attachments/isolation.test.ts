import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signIn, type SignedIn, type TestContext } from '../../helpers/test-app.js';
import { pdfBytes, upload } from './helpers.js';

let ctx: TestContext;
let owner: SignedIn;
let stranger: SignedIn;
let attachmentId: number;
let draftId: number;

beforeAll(async () => {
  ctx = await createTestApp();
  owner = await signIn(ctx.app, 'owner@example.com', 'Owner');
  stranger = await signIn(ctx.app, 'stranger@example.com', 'Stranger');
  const draft = await ctx.app.inject({
    method: 'POST',
    url: '/api/v1/messages/drafts',
    headers: owner.headers,
    payload: { subject: 'private draft', bodyText: '' },
  });
  expect(draft.statusCode, draft.body).toBe(200);
  draftId = draft.json().data.id;
  const res = await upload(ctx.app, owner, {
    filename: '비밀.pdf',
    content: pdfBytes(1000),
    messageId: draftId,
  });
  expect(res.statusCode, res.body).toBe(200);
  attachmentId = res.json().data.id;
});
afterAll(async () => ctx.close());

describe("another user's attachment", () => {
  it('is a 404 on every endpoint, never a 403', async () => {
    const calls = [
      { method: 'GET', url: `/api/v1/attachments/${attachmentId}` },
      { method: 'GET', url: `/api/v1/attachments/${attachmentId}/download` },
      { method: 'HEAD', url: `/api/v1/attachments/${attachmentId}/download` },
      { method: 'GET', url: `/api/v1/attachments/${attachmentId}/download-url` },
      { method: 'GET', url: `/api/v1/attachments/message/${draftId}` },
      { method: 'DELETE', url: `/api/v1/attachments/${attachmentId}` },
    ] as const;
    for (const call of calls) {
      const res = await ctx.app.inject({ ...call, headers: stranger.headers });
      expect(res.statusCode, `${call.method} ${call.url}`).toBe(404);
      if (call.method !== 'HEAD') expect(res.json().success).toBe(false);
    }
  });

  it("cannot be added to through someone else's draft", async () => {
    const res = await upload(ctx.app, stranger, {
      filename: 'x.pdf',
      content: pdfBytes(100),
      messageId: draftId,
    });
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('MAIL_NOT_FOUND');
  });

  it('never shows up in their lists or searches', async () => {
    for (const url of ['/api/v1/attachments', '/api/v1/attachments/search?keyword=%EB%B9%84%EB%B0%80']) {
      const res = await ctx.app.inject({ method: 'GET', url, headers: stranger.headers });
      expect(res.json().data.totalElements).toBe(0);
    }
    const mine = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/attachments/search?keyword=%EB%B9%84%EB%B0%80',
      headers: owner.headers,
    });
    expect(mine.json().data.content.map((a: { id: number }) => a.id)).toEqual([attachmentId]);
  });

  it('is still there for its owner afterwards', async () => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: `/api/v1/attachments/${attachmentId}/download`,
      headers: owner.headers,
    });
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.length).toBe(1000);
  });

  it('needs a signed-in user at all', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: `/api/v1/attachments/${attachmentId}` });
    expect(res.statusCode).toBe(401);
  });
});
