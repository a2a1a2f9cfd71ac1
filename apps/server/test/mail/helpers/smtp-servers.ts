import { silentLogger } from '../../../src/lib/mail-logger.js';
import {
  startSmtpServer,
  type RunningSmtpServer,
  type SmtpServerOptions,
} from '../../../src/mail/transport/smtp-in.js';
import type { DeliveryDeps } from '../../../src/mail/pipeline/ports.js';

/** Inbound SMTP servers a test file starts on loopback with its own delivery deps or limits; closeAll at the end. */
export class SmtpServers {
  private readonly running: RunningSmtpServer[] = [];

  async start(delivery: DeliveryDeps, options: Partial<SmtpServerOptions> = {}): Promise<RunningSmtpServer> {
    const server = await startSmtpServer({
      port: 0,
      host: '127.0.0.1',
      delivery,
      logger: silentLogger,
      ...options,
    });
    this.running.push(server);
    return server;
  }

  async closeAll(): Promise<void> {
    for (const server of this.running.splice(0)) await server.close();
  }
}

/** A plain-text message from a partner to jun@postline.local; `extra` adds header lines. */
export function partnerMessage(subject: string, body: string, extra = ''): Buffer {
  return Buffer.from(
    `From: Partner <partner@example.com>\r\nTo: jun@postline.local\r\nSubject: ${subject}\r\n${extra}` +
      `Content-Type: text/plain; charset=utf-8\r\n\r\n${body}\r\n`,
  );
}
