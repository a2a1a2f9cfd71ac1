import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import nodemailer from 'nodemailer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signIn, type SignedIn, type TestContext } from '../helpers/test-app.js';
import { messagesOf } from './helpers/rows.js';
import { partnerMessage, SmtpServers } from './helpers/smtp-servers.js';

/*
 * Inbound STARTTLS (SMTP_TLS_KEY_FILE / SMTP_TLS_CERT_FILE): offered once a certificate is
 * configured, and used by a real client that refuses to send in clear text and checks the
 * certificate (a self-signed one made here by openssl, trusted by the client as its CA).
 */
const run = promisify(execFile);
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'postline-tls-'));
let ctx: TestContext;
let jun: SignedIn;
let key: Buffer;
let cert: Buffer;
const servers = new SmtpServers();

beforeAll(async () => {
  await run('openssl', [
    'req',
    '-x509',
    '-newkey',
    'rsa:2048',
    '-nodes',
    '-days',
    '1',
    '-subj',
    '/CN=localhost',
    '-addext',
    'subjectAltName=DNS:localhost,IP:127.0.0.1',
    '-keyout',
    path.join(dir, 'key.pem'),
    '-out',
    path.join(dir, 'cert.pem'),
  ]);
  key = fs.readFileSync(path.join(dir, 'key.pem'));
  cert = fs.readFileSync(path.join(dir, 'cert.pem'));
  ctx = await createTestApp();
  jun = await signIn(ctx.app, 'jun@postline.local', '이준');
});
afterAll(async () => {
  await servers.closeAll();
  await ctx?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

function client(port: number) {
  return nodemailer.createTransport({
    host: '127.0.0.1',
    port,
    secure: false,
    requireTLS: true,
    tls: { ca: [cert], servername: 'localhost' },
  });
}

describe('STARTTLS on inbound SMTP', () => {
  it('a client that requires TLS delivers over an encrypted, verified session', async () => {
    const smtp = await servers.start(ctx.app.delivery, { tls: { key, cert } });
    const info = await client(smtp.port).sendMail({
      envelope: { from: 'partner@example.com', to: ['jun@postline.local'] },
      raw: partnerMessage('암호화된 연결', 'TLS로 보냈습니다.'),
    });
    expect(info.accepted).toEqual(['jun@postline.local']);
    const [stored] = (await messagesOf(ctx.db.database, jun.user.id)).slice(-1);
    expect(stored?.subject).toBe('암호화된 연결');
    expect(stored?.raw_headers?.received).toMatch(/ with ESMTPS id /);
  });

  it('without a certificate, STARTTLS is not offered and such a client does not send', async () => {
    const smtp = await servers.start(ctx.app.delivery);
    await expect(
      client(smtp.port).sendMail({
        envelope: { from: 'partner@example.com', to: ['jun@postline.local'] },
        raw: partnerMessage('평문 연결', '보내지면 안 됩니다.'),
      }),
    ).rejects.toThrow(/STARTTLS/);
    const subjects = (await messagesOf(ctx.db.database, jun.user.id)).map((message) => message.subject);
    expect(subjects).not.toContain('평문 연결');
  });

  it('a client that checks certificates refuses a server whose certificate it does not trust', async () => {
    const smtp = await servers.start(ctx.app.delivery, { tls: { key, cert } });
    const untrusting = nodemailer.createTransport({ host: '127.0.0.1', port: smtp.port, requireTLS: true });
    await expect(
      untrusting.sendMail({
        envelope: { from: 'partner@example.com', to: ['jun@postline.local'] },
        raw: partnerMessage('믿을 수 없는 인증서', '보내지면 안 됩니다.'),
      }),
    ).rejects.toThrow(/self[- ]signed|certificate/i);
  });
});
