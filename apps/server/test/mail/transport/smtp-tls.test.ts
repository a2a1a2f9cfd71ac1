import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import nodemailer from 'nodemailer';
import { SMTPServer } from 'smtp-server';
import { createRelayTransport } from '../../../src/mail/transport/relay.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signIn, type SignedIn, type TestContext } from '../../helpers/test-app.js';
import { messagesOf } from '../helpers/rows.js';
import { partnerMessage, SmtpServers } from '../helpers/smtp-servers.js';

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

describe('TLS to the relay', () => {
  /** A relay that offers STARTTLS with the self-signed certificate and records what it is given. */
  async function tlsRelay(): Promise<{ port: number; received: string[]; close(): Promise<void> }> {
    const received: string[] = [];
    const server = new SMTPServer({
      key,
      cert,
      authOptional: true,
      logger: false,
      onData(stream, session, callback) {
        stream.resume();
        stream.on('end', () => {
          received.push(`${session.secure ? 'tls' : 'plain'}:${session.envelope.rcptTo[0]?.address ?? ''}`);
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.server.address() as { port: number };
    return { port, received, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
  }
  const raw = Buffer.from(
    'From: minji@postline.local\r\nTo: partner@remote.example\r\nSubject: x\r\n\r\nbody\r\n',
  );
  const timeouts = { connectionMs: 5_000, socketMs: 5_000 };

  it('verifies the relay certificate unless the URL says not to, and requireTLS never falls back to clear text', async () => {
    const relay = await tlsRelay();
    try {
      const strict = createRelayTransport(
        `smtp://127.0.0.1:${relay.port}?requireTLS=true`,
        'postline.local',
        timeouts,
      );
      const refused = await strict.send(
        { from: 'minji@postline.local', to: ['partner@remote.example'] },
        raw,
      );
      strict.close();
      expect(refused.accepted).toEqual([]);
      expect(refused.refused[0]).toMatchObject({ recipient: 'partner@remote.example', temporary: true });
      expect(refused.refused[0]?.reason).toMatch(/self[- ]signed|certificate/i);
      expect(relay.received).toEqual([]);

      const trusting = createRelayTransport(
        `smtp://127.0.0.1:${relay.port}?requireTLS=true&tls.rejectUnauthorized=false`,
        'postline.local',
        timeouts,
      );
      const sent = await trusting.send({ from: 'minji@postline.local', to: ['partner@remote.example'] }, raw);
      trusting.close();
      expect(sent.accepted).toEqual(['partner@remote.example']);
      expect(relay.received).toEqual(['tls:partner@remote.example']);
    } finally {
      await relay.close();
    }
  });
});
