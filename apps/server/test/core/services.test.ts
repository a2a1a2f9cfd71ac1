import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServer, type PostlineServer } from '../../src/build-server.js';
import { loadConfig } from '../../src/config.js';
import { freePort } from '../mail/helpers/server-process.js';
import { sendMessage } from '../mail/helpers/smtp-client.js';
import { createTestServer, type TestServer } from '../helpers/test-app.js';

/** Whether anything accepts a TCP connection on the loopback port. */
function listening(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/**
 * SERVICES splits one deployment into nodes (docs/SCALING.md): here a web-only node and an
 * SMTP-only node share one database, as two processes would share one PostgreSQL.
 */
describe('nodes that run some of the services', () => {
  let web: TestServer;
  let smtpNode: PostlineServer;
  let webSmtpPort: number;
  let smtpNodeHttpPort: number;

  beforeAll(async () => {
    webSmtpPort = await freePort();
    smtpNodeHttpPort = await freePort();
    web = await createTestServer({ SERVICES: 'web', SMTP_PORT: String(webSmtpPort) });
    smtpNode = await buildServer(
      {
        ...web.config,
        services: new Set(['smtp']),
        port: smtpNodeHttpPort,
        smtp: { ...web.config.smtp, port: 0 },
      },
      { database: web.db.database, logger: false },
    );
  });
  afterAll(async () => {
    await smtpNode?.close();
    await web?.close();
  });

  it('a web-only node answers HTTP but does not listen for SMTP', async () => {
    const health = await fetch(`${web.server.httpUrl}/api/v1/health`);
    expect(health.status).toBe(200);
    expect(web.server.smtp).toBeUndefined();
    expect(await listening(webSmtpPort)).toBe(false);
  });

  it('an SMTP-only node takes mail the web node then shows, and serves no HTTP', async () => {
    const signedIn = await fetch(`${web.server.httpUrl}/api/v1/auth/mock-login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'jun@postline.local', name: '이준' }),
    });
    const { accessToken } = ((await signedIn.json()) as { data: { accessToken: string } }).data;

    const port = smtpNode.smtp?.port ?? 0;
    const message = Buffer.from(
      'From: Partner <partner@example.com>\r\nTo: jun@postline.local\r\nSubject: 노드 나누기\r\n' +
        'Content-Type: text/plain; charset=utf-8\r\n\r\nSMTP 전용 노드로 왔습니다.\r\n',
    );
    const sent = await sendMessage(
      port,
      { from: 'partner@example.com', to: ['jun@postline.local'] },
      message,
    );
    expect(sent.final).toMatch(/^250/);

    const inbox = await fetch(`${web.server.httpUrl}/api/v1/messages?mailboxType=INBOX`, {
      headers: { authorization: `Bearer ${accessToken}` },
    });
    const page = (await inbox.json()) as { data: { content: { subject: string }[] } };
    expect(page.data.content.map((m) => m.subject)).toContain('노드 나누기');

    expect(smtpNode.httpUrl).toBeUndefined();
    expect(await listening(smtpNodeHttpPort)).toBe(false);
  });
});

describe('SERVICES', () => {
  it('runs every part by default and takes a list of known parts only', () => {
    expect([...loadConfig({}).services]).toEqual(['web', 'smtp', 'worker']);
    expect([...loadConfig({ SERVICES: 'smtp, worker' }).services]).toEqual(['smtp', 'worker']);
    expect(() => loadConfig({ SERVICES: 'web,mail' })).toThrow(/SERVICES.*one of web, smtp, worker/);
    expect(() => loadConfig({ SERVICES: ',' })).toThrow(/SERVICES/);
  });
});
