import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipartBody, pdfBytes } from '../modules/attachments/helpers.js';
import { createTestServer, signIn, type SignedIn, type TestServer } from '../helpers/test-app.js';

/*
 * Issue 32, finding 8: 1,000 unauthenticated POSTs dripping a byte every 10 s all stayed open.
 * The deadlines (lib/request-deadlines.ts) are small here and stand for the defaults: head 20 s,
 * a body's grace 20 s then 1 kB/s on average, 60 s for an ordinary body, 600 s for an upload.
 */

const GRACE_MS = 1_000;
const BODY_MS = 2_000;

let ctx: TestServer;
let jun: SignedIn;
let port: number;

beforeAll(async () => {
  ctx = await createTestServer({
    SERVICES: 'web',
    HTTP_HEADERS_TIMEOUT_SECONDS: '1',
    HTTP_BODY_GRACE_SECONDS: String(GRACE_MS / 1000),
    HTTP_BODY_MIN_BYTES_PER_SECOND: '1024',
    HTTP_BODY_TIMEOUT_SECONDS: String(BODY_MS / 1000),
    HTTP_UPLOAD_TIMEOUT_SECONDS: '60',
  });
  jun = await signIn(ctx.app, 'jun@postline.local', '이준');
  port = Number(new URL(ctx.server.httpUrl ?? '').port);
});
afterAll(async () => ctx?.close());

/** A client on a raw socket that sends what it is told when it is told; records what comes back. */
class SlowClient {
  closedAfterMs: number | undefined;
  answer = '';
  private pacer: NodeJS.Timeout | undefined;

  /** opened: before connecting, so that no deadline the server starts can begin earlier. */
  constructor(
    private readonly socket: net.Socket,
    readonly opened: number,
  ) {
    socket.on('data', (data: Buffer) => (this.answer += data.toString('utf8')));
    socket.on('error', () => undefined);
    socket.on('close', () => {
      clearInterval(this.pacer);
      this.closedAfterMs = performance.now() - this.opened;
    });
  }

  static async open(): Promise<SlowClient> {
    const opened = performance.now();
    const socket = net.connect(port, '127.0.0.1');
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', resolve);
      socket.once('error', reject);
    });
    return new SlowClient(socket, opened);
  }

  /** Writes `bytes` a slice every `everyMs` until all are sent or the server closes. */
  pace(bytes: Buffer, slice: number, everyMs: number): void {
    let offset = 0;
    this.pacer = setInterval(() => {
      if (offset >= bytes.length) return clearInterval(this.pacer);
      if (!this.socket.destroyed) this.socket.write(bytes.subarray(offset, offset + slice));
      offset += slice;
    }, everyMs);
  }

  write(text: string): void {
    this.socket.write(text);
  }

  get closed(): boolean {
    return this.closedAfterMs !== undefined;
  }

  get status(): number {
    return Number(/^HTTP\/1\.1 (\d{3})/.exec(this.answer)?.[1] ?? 0);
  }

  get envelope(): { success: boolean; code: string; message: string } {
    return JSON.parse(this.answer.slice(this.answer.indexOf('\r\n\r\n') + 4)) as never;
  }

  destroy(): void {
    clearInterval(this.pacer);
    this.socket.destroy();
  }
}

/** POST headers for a body of `length` bytes; the body itself is paced by the caller. */
function postHead(path: string, length: number, extra: Record<string, string> = {}): string {
  const headers = { 'Content-Type': 'application/json', ...extra, 'Content-Length': String(length) };
  const lines = Object.entries(headers).map(([name, value]) => `${name}: ${value}\r\n`);
  return `POST ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\n${lines.join('')}\r\n`;
}

async function timedGet(path: string): Promise<number> {
  const started = performance.now();
  const res = await fetch(`${ctx.server.httpUrl}${path}`, { headers: jun.headers });
  expect(res.status).toBe(200);
  await res.arrayBuffer();
  return performance.now() - started;
}

describe('a request body dripped a byte at a time', () => {
  it('is answered 408 in the envelope and closed once its grace is over', async () => {
    const client = await SlowClient.open();
    client.write(postHead('/api/v1/filters', 1_000, { 'Accept-Language': 'en' }));
    client.pace(Buffer.alloc(1_000, 'x'), 1, 100);
    await expect.poll(() => client.closed, { timeout: 15_000 }).toBe(true);
    // Not before the grace, and not much after it: the few bytes sent bought only milliseconds.
    expect(client.closedAfterMs).toBeGreaterThanOrEqual(GRACE_MS);
    expect(client.closedAfterMs).toBeLessThan(GRACE_MS + 5_000);
    expect(client.status).toBe(408);
    expect(client.envelope).toEqual({
      success: false,
      code: 'REQUEST_TIMEOUT',
      message:
        'The request arrived too slowly and the connection was closed. Check your connection and try again.',
    });
  });

  it('is cut the same way on the upload route, which allows a long total but not a crawl', async () => {
    const { body, contentType } = multipartBody([
      { name: 'file', filename: 'drip.pdf', content: pdfBytes(4_000) },
    ]);
    const client = await SlowClient.open();
    client.write(
      postHead('/api/v1/attachments/upload', body.length, {
        Authorization: jun.headers.authorization,
        'Content-Type': contentType,
      }),
    );
    client.pace(body, 1, 100);
    await expect.poll(() => client.closed, { timeout: 15_000 }).toBe(true);
    expect(client.closedAfterMs).toBeGreaterThanOrEqual(GRACE_MS);
    expect(client.closedAfterMs).toBeLessThan(GRACE_MS + 5_000);
  });

  it('is cut on the real-time transport too, which reads its own bodies', async () => {
    const client = await SlowClient.open();
    client.write(postHead('/ws/000/slowpoke/xhr_send', 1_000, { 'Content-Type': 'text/plain' }));
    client.pace(Buffer.alloc(1_000, 'x'), 1, 100);
    await expect.poll(() => client.closed, { timeout: 15_000 }).toBe(true);
    expect(client.closedAfterMs).toBeGreaterThanOrEqual(GRACE_MS);
    expect(client.closedAfterMs).toBeLessThan(GRACE_MS + 5_000);
    expect(client.status).toBe(408);
  });

  it('from 200 clients at once, keeps no signed-in user waiting, and all are closed', async () => {
    const drippers = await Promise.all(Array.from({ length: 200 }, () => SlowClient.open()));
    try {
      for (const client of drippers) {
        client.write(postHead('/api/v1/filters', 1_000));
        client.pace(Buffer.alloc(1_000, 'x'), 1, 200);
      }
      const times: number[] = [];
      while (!drippers.every((client) => client.closed) && times.length < 200) {
        times.push(await timedGet('/api/v1/mailboxes'));
      }
      await expect.poll(() => drippers.every((client) => client.closed), { timeout: 20_000 }).toBe(true);
      expect(times.length).toBeGreaterThan(0);
      expect(Math.max(...times)).toBeLessThan(2_000);
      expect(Math.min(...drippers.map((client) => client.closedAfterMs ?? 0))).toBeGreaterThanOrEqual(
        GRACE_MS,
      );
    } finally {
      for (const client of drippers) client.destroy();
    }
    expect(await timedGet('/api/v1/health')).toBeLessThan(2_000);
  });
});

describe('a request head dripped a byte at a time', () => {
  it('is answered 408 and closed after the head deadline', async () => {
    const client = await SlowClient.open();
    client.write('GET /api/v1/health HTTP/1.1\r\nHost: 127.0.0.1\r\n');
    client.pace(Buffer.from(`X-Slow: ${'a'.repeat(200)}`), 1, 100);
    await expect.poll(() => client.closed, { timeout: 15_000 }).toBe(true);
    expect(client.closedAfterMs).toBeGreaterThanOrEqual(1_000);
    expect(client.closedAfterMs).toBeLessThan(1_000 + 5_000);
    expect(client.status).toBe(408);
    expect(client.envelope.code).toBe('REQUEST_TIMEOUT');
  });
});

describe('a connection that never sends a request', () => {
  it('is closed after the head deadline', async () => {
    const client = await SlowClient.open();
    await expect.poll(() => client.closed, { timeout: 15_000 }).toBe(true);
    expect(client.closedAfterMs).toBeGreaterThanOrEqual(1_000);
    expect(client.closedAfterMs).toBeLessThan(1_000 + 5_000);
  });
});

describe('bodies that keep a good rate', () => {
  const RATE = 32 * 1024; // bytes a second, in slices every 100 ms

  it('an ordinary JSON body is still cut at its total', async () => {
    const client = await SlowClient.open();
    const body = Buffer.alloc(RATE * 4, 'x'); // four seconds' worth
    client.write(postHead('/api/v1/filters', body.length));
    client.pace(body, RATE / 10, 100);
    await expect.poll(() => client.closed, { timeout: 15_000 }).toBe(true);
    expect(client.closedAfterMs).toBeGreaterThanOrEqual(BODY_MS);
    expect(client.status).toBe(408);
  });

  it('an upload at the same rate takes longer than that and is stored whole', async () => {
    const content = pdfBytes(RATE * 3); // three seconds' worth: past the grace and the JSON total
    const { body, contentType } = multipartBody([{ name: 'file', filename: '느린 회선.pdf', content }]);
    const client = await SlowClient.open();
    client.write(
      postHead('/api/v1/attachments/upload', body.length, {
        Authorization: jun.headers.authorization,
        'Content-Type': contentType,
      }),
    );
    client.pace(body, RATE / 10, 100);
    await expect.poll(() => client.status, { timeout: 30_000 }).toBe(200);
    await expect.poll(() => client.answer.endsWith('}'), { timeout: 10_000 }).toBe(true);
    expect(performance.now() - client.opened).toBeGreaterThan(BODY_MS);
    const { data } = client.envelope as unknown as { data: { sizeBytes: number; originalFilename: string } };
    expect(data).toMatchObject({ sizeBytes: content.length, originalFilename: '느린 회선.pdf' });
    client.destroy();
  });
});
