import net from 'node:net';
import tls from 'node:tls';

/**
 * A bare SMTP client over a socket, so tests control every byte (smuggling, dot handling) and see
 * every reply exactly when it arrives.
 */
export class RawSmtpClient {
  private buffer = '';
  private waiting: Array<(reply: string) => void> = [];
  private replies: string[] = [];
  private closed = false;

  private constructor(private readonly socket: net.Socket) {
    socket.on('data', (chunk) => {
      this.buffer += chunk.toString('latin1');
      this.drain();
    });
    socket.on('close', () => {
      this.closed = true;
      for (const resolve of this.waiting.splice(0)) resolve('(connection closed)');
    });
    socket.on('error', () => undefined);
  }

  /** localAddress: another loopback address (127.0.0.2…) plays a second sending server. */
  static async connect(
    port: number,
    host = '127.0.0.1',
    localAddress?: string,
  ): Promise<{ client: RawSmtpClient; greeting: string }> {
    const socket = net.connect({ port, host, ...(localAddress ? { localAddress } : {}) });
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', resolve);
      socket.once('error', reject);
    });
    const client = new RawSmtpClient(socket);
    return { client, greeting: await client.nextReply() };
  }

  /** A reply is complete at a line "NNN text" (continuation lines are "NNN-text"). */
  private drain() {
    for (;;) {
      const lines = this.buffer.split('\r\n');
      const end = lines.findIndex((line) => /^\d{3}( |$)/.test(line));
      if (end < 0 || end === lines.length - 1) return;
      const reply = lines.slice(0, end + 1).join('\n');
      this.buffer = lines.slice(end + 1).join('\r\n');
      const resolve = this.waiting.shift();
      if (resolve) resolve(reply);
      else this.replies.push(reply);
    }
  }

  nextReply(): Promise<string> {
    const ready = this.replies.shift();
    if (ready !== undefined) return Promise.resolve(ready);
    if (this.closed) return Promise.resolve('(connection closed)');
    return new Promise((resolve) => this.waiting.push(resolve));
  }

  write(data: string | Buffer): void {
    this.socket.write(typeof data === 'string' ? Buffer.from(data, 'latin1') : data);
  }

  /**
   * STARTTLS, then the same client over the encrypted socket (RFC 3207); this one is done with.
   * Answers the STARTTLS reply when it is not 220 (and then no new client).
   */
  async startTls(options: tls.ConnectionOptions): Promise<RawSmtpClient | string> {
    const reply = await this.command('STARTTLS');
    if (!reply.startsWith('220')) return reply;
    const secure = tls.connect({ ...options, socket: this.socket });
    await new Promise<void>((resolve, reject) => {
      secure.once('secureConnect', resolve);
      secure.once('error', reject);
    });
    return new RawSmtpClient(secure);
  }

  /** Sends one command line and waits for its reply. */
  async command(line: string): Promise<string> {
    this.write(`${line}\r\n`);
    return this.nextReply();
  }

  /** Replies that arrived without being waited for (a smuggled command would show up here). */
  unread(): string[] {
    return [...this.replies];
  }

  close(): void {
    this.socket.destroy();
  }

  /** Whether the server has closed the connection. */
  get isClosed(): boolean {
    return this.closed;
  }
}

/**
 * Dot-stuffs and terminates a message body for DATA (RFC 5321 section 4.5.2). Line endings become
 * CRLF unless keepLineEndings, which sends a bare-LF message as a careless client would.
 */
export function dataPayload(message: Buffer, { keepLineEndings = false } = {}): Buffer {
  const latin1 = message.toString('latin1');
  const text = keepLineEndings ? latin1 : latin1.replace(/\r?\n/g, '\r\n');
  const stuffed = text.replace(/^\./gm, '..');
  return Buffer.from(`${stuffed}${stuffed.endsWith('\r\n') ? '' : '\r\n'}.\r\n`, 'latin1');
}

export interface SendResult {
  mailFrom: string;
  rcpt: string[];
  data: string;
  final: string;
}

/** One whole SMTP transaction; stops early (final = that reply) when a step is refused. */
export async function sendMessage(
  port: number,
  envelope: { from: string; to: string[] },
  message: Buffer,
  localAddress?: string,
  options: { keepLineEndings?: boolean } = {},
): Promise<SendResult> {
  const { client } = await RawSmtpClient.connect(port, '127.0.0.1', localAddress);
  try {
    await client.command('EHLO test.example');
    const mailFrom = await client.command(`MAIL FROM:<${envelope.from}>`);
    const rcpt: string[] = [];
    for (const to of envelope.to) rcpt.push(await client.command(`RCPT TO:<${to}>`));
    const data = await client.command('DATA');
    if (!data.startsWith('354')) return { mailFrom, rcpt, data, final: data };
    client.write(dataPayload(message, options));
    const final = await client.nextReply();
    await client.command('QUIT');
    return { mailFrom, rcpt, data, final };
  } finally {
    client.close();
  }
}
