import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signIn, type SignedIn, type TestContext } from '../helpers/test-app.js';

/*
 * A client that writes its whole body before reading the answer (Python's urllib, many SDKs),
 * over a real socket: inject() would hide what the network does.
 */

let ctx: TestContext;
let port: number;
let jun: SignedIn;

beforeAll(async () => {
  ctx = await createTestApp();
  jun = await signIn(ctx.app, 'jun@example.com', '이준');
  const address = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  port = Number(new URL(address).port);
});
afterAll(async () => ctx.close());

/** Writes headers and the whole body, then reads; answers the status line or the socket error. */
function writeAllThenRead(
  path: string,
  headers: Record<string, string>,
  size: number,
  frame: { before: string; after: string } = { before: '', after: '' },
): Promise<string> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    let answer = '';
    let written = false;
    // Like the client it stands for, it reads only once the whole body is written; then the status
    // line is all it needs (waiting for the server to close would only add time on a busy machine).
    const readStatus = () => {
      if (!written || !answer.includes('\r\n')) return;
      resolve(answer.split('\r\n')[0] ?? '');
      socket.destroy();
    };
    socket.on('data', (data) => {
      answer += data.toString('latin1');
      readStatus();
    });
    socket.on('error', (error) => resolve(`socket error ${(error as NodeJS.ErrnoException).code}`));
    socket.on('close', () => resolve(answer.split('\r\n')[0] ?? ''));
    const total = Buffer.byteLength(frame.before) + size + Buffer.byteLength(frame.after);
    const head = Object.entries({ Host: 'localhost', 'Content-Length': String(total), ...headers })
      .map(([name, value]) => `${name}: ${value}`)
      .join('\r\n');
    socket.write(`POST ${path} HTTP/1.1\r\n${head}\r\n\r\n${frame.before}`);
    const chunk = Buffer.alloc(64 * 1024, 'a');
    let sent = 0;
    const pump = () => {
      while (sent < size) {
        const n = Math.min(chunk.length, size - sent);
        sent += n;
        if (!socket.write(chunk.subarray(0, n))) {
          socket.once('drain', pump);
          return;
        }
      }
      socket.write(frame.after, () => {
        written = true;
        readStatus();
      });
    };
    pump();
  });
}

describe('refusals before the body has arrived still reach the client', () => {
  it('JSON over the body limit: 413', async () => {
    expect(
      await writeAllThenRead(
        '/api/v1/auth/mock-login',
        { 'Content-Type': 'application/json' },
        10 * 1024 * 1024,
      ),
    ).toBe('HTTP/1.1 413 Payload Too Large');
  });

  it('a body of a type nobody reads: 415', async () => {
    expect(
      await writeAllThenRead(
        '/api/v1/auth/mock-login',
        { 'Content-Type': 'application/xml' },
        5 * 1024 * 1024,
      ),
    ).toBe('HTTP/1.1 415 Unsupported Media Type');
  });

  it('an upload without a token: 401', async () => {
    expect(
      await writeAllThenRead(
        '/api/v1/attachments/upload',
        { 'Content-Type': 'multipart/form-data; boundary=xyz' },
        8 * 1024 * 1024,
      ),
    ).toBe('HTTP/1.1 401 Unauthorized');
  });

  // 30 MB through a real socket: on a machine loaded by other work this takes a while.
  it('an upload over 25 MB: 413', { timeout: 120_000 }, async () => {
    const size = 30 * 1024 * 1024;
    const boundary = 'postline-boundary';
    expect(
      await writeAllThenRead(
        '/api/v1/attachments/upload',
        {
          'Content-Type': `multipart/form-data; boundary=${boundary}`,
          Authorization: jun.headers.authorization,
        },
        size,
        {
          before: `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="big.txt"\r\nContent-Type: text/plain\r\n\r\n`,
          after: `\r\n--${boundary}--\r\n`,
        },
      ),
    ).toBe('HTTP/1.1 413 Payload Too Large');
  });
});
