import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signIn, type TestContext } from '../../helpers/test-app.js';
import { mailApi, type MailApi } from '../messages/mail-api.js';

/**
 * Issue 36: a person's settings (the undo-send delay, the conversation view) are kept on the
 * server, found again from a new sign-in, and nobody else's change with theirs.
 */
let ctx: TestContext;
let minji: MailApi;
let jun: MailApi;

beforeAll(async () => {
  ctx = await createTestApp({ UNDO_SEND_DEFAULT_SECONDS: '10' });
  minji = mailApi(ctx, await signIn(ctx.app, 'minji@example.com', '김민지'));
  jun = mailApi(ctx, await signIn(ctx.app, 'jun@example.com', 'Jun'));
});
afterAll(async () => ctx?.close());

describe('settings', () => {
  it('starts at the defaults: a 10 s undo delay, the conversation view and keyboard shortcuts', async () => {
    expect(await minji.data('GET', '/settings')).toEqual({
      undoSendSeconds: 10,
      conversationView: true,
      keyboardShortcuts: true,
    });
  });

  it('changes only what is sent, keeps it for a new sign-in, and leaves other people alone', async () => {
    expect(await minji.data('PATCH', '/settings', { undoSendSeconds: 30 })).toEqual({
      undoSendSeconds: 30,
      conversationView: true,
      keyboardShortcuts: true,
    });
    expect(await minji.data('PATCH', '/settings', { conversationView: false })).toEqual({
      undoSendSeconds: 30,
      conversationView: false,
      keyboardShortcuts: true,
    });
    expect(await minji.data('PATCH', '/settings', {})).toEqual({
      undoSendSeconds: 30,
      conversationView: false,
      keyboardShortcuts: true,
    });
    const again = mailApi(ctx, await signIn(ctx.app, 'minji@example.com', '김민지'));
    expect(await again.data('GET', '/settings')).toEqual({
      undoSendSeconds: 30,
      conversationView: false,
      keyboardShortcuts: true,
    });
    expect(await jun.data('GET', '/settings')).toEqual({
      undoSendSeconds: 10,
      conversationView: true,
      keyboardShortcuts: true,
    });
    // Keyboard shortcuts go off and stay off for her, and only for her (issue 37).
    expect(await minji.data('PATCH', '/settings', { keyboardShortcuts: false })).toMatchObject({
      keyboardShortcuts: false,
      conversationView: false,
    });
    expect((await jun.data('GET', '/settings')).keyboardShortcuts).toBe(true);
    // Jun's change of the view alone keeps his delay at the server's default.
    expect(await jun.data('PATCH', '/settings', { conversationView: false })).toEqual({
      undoSendSeconds: 10,
      conversationView: false,
      keyboardShortcuts: true,
    });
  });

  it('refuses a delay other than 5, 10, 20 or 30 s, in the reader’s language, and keeps the old one', async () => {
    for (const [lang, bad, text] of [
      ['ko', 7, /5, 10, 20, 30초/],
      ['en', 0, /5, 10, 20 or 30 seconds/],
      ['en', '10', /5, 10, 20 or 30 seconds/],
    ] as const) {
      const res = await minji.call('PATCH', '/settings', { undoSendSeconds: bad }, lang);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ success: false, code: 'VALIDATION_ERROR' });
      expect(res.json().message).toMatch(text);
    }
    const res = await minji.call('PATCH', '/settings', { conversationView: 'yes' }, 'en');
    expect(res.statusCode).toBe(400);
    expect((await minji.data('GET', '/settings')).undoSendSeconds).toBe(30);
  });

  it('needs a signed-in user', async () => {
    for (const method of ['GET', 'PATCH'] as const) {
      const res = await ctx.app.inject({
        method,
        url: '/api/v1/settings',
        payload: method === 'PATCH' ? {} : undefined,
      });
      expect(res.statusCode).toBe(401);
    }
  });
});
