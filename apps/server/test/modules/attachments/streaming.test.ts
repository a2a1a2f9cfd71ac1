import crypto from 'node:crypto';
import http from 'node:http';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signIn, type SignedIn, type TestContext } from '../../helpers/test-app.js';
import { blobFiles, dispositionFilename, multipartBody, pdfBytes, sha256 } from './helpers.js';

let ctx: TestContext;
let minji: SignedIn;
let port: number;

beforeAll(async () => {
  ctx = await createTestApp();
  minji = await signIn(ctx.app, 'minji@example.com', '김민지');
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  port = (ctx.app.server.address() as AddressInfo).port;
});
afterAll(async () => ctx.close());

async function rowCount(): Promise<number> {
  const result = await ctx.db.database.db.execute(sql`SELECT count(*)::int AS n FROM attachments`);
  return (result as unknown as { rows: { n: number }[] }).rows[0]!.n;
}

async function until(
  check: () => boolean | Promise<boolean>,
  what: string,
  timeoutMs = 10_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

const tempFiles = () => blobFiles(ctx.config.dataDir).filter((name) => name.includes('.incoming-'));

describe('uploads over a real connection', () => {
  it('leaves no temp file and no row when the connection is cut half-way', async () => {
    const rows = await rowCount();
    const blobsBefore = blobFiles(ctx.config.dataDir);
    const { body, contentType } = multipartBody([
      { name: 'file', filename: 'half.pdf', content: pdfBytes(8 * 1024 * 1024) },
    ]);
    const socket = net.connect(port, '127.0.0.1');
    await new Promise<void>((resolve) => socket.once('connect', resolve));
    socket.on('error', () => undefined);
    socket.write(
      `POST /api/v1/attachments/upload HTTP/1.1\r\nHost: 127.0.0.1\r\n` +
        `Authorization: ${minji.headers.authorization}\r\nContent-Type: ${contentType}\r\n` +
        `Content-Length: ${body.length}\r\n\r\n`,
    );
    socket.write(body.subarray(0, body.length / 2));
    // The server is streaming into a temp file: the cut lands mid-upload, not before it started.
    await until(() => tempFiles().length > 0, 'the upload to reach the blob store');
    socket.destroy();
    await until(() => tempFiles().length === 0, 'the temp file to be removed');
    expect(await rowCount()).toBe(rows);
    expect(blobFiles(ctx.config.dataDir)).toEqual(blobsBefore);
  });

  it('streams a 25 MB file in and out byte for byte', async () => {
    const content = pdfBytes(25 * 1024 * 1024);
    const name = '대용량 자료.pdf';
    const { body, contentType } = multipartBody([{ name: 'file', filename: name, content }]);
    const uploaded = await new Promise<{ status: number; json: { data: { id: number } } }>(
      (resolve, reject) => {
        const request = http.request(
          {
            host: '127.0.0.1',
            port,
            method: 'POST',
            path: '/api/v1/attachments/upload',
            headers: { ...minji.headers, 'content-type': contentType, 'content-length': body.length },
          },
          (response) => {
            const chunks: Buffer[] = [];
            response.on('data', (chunk: Buffer) => chunks.push(chunk));
            response.on('end', () =>
              resolve({
                status: response.statusCode ?? 0,
                json: JSON.parse(Buffer.concat(chunks).toString()),
              }),
            );
          },
        );
        request.on('error', reject);
        // Written in 1 MB slices, as a browser would send it.
        for (let offset = 0; offset < body.length; offset += 1024 * 1024)
          request.write(body.subarray(offset, offset + 1024 * 1024));
        request.end();
      },
    );
    expect(uploaded.status).toBe(200);

    const downloaded = await new Promise<{ hash: string; size: number; disposition: string }>(
      (resolve, reject) => {
        http
          .get(
            {
              host: '127.0.0.1',
              port,
              path: `/api/v1/attachments/${uploaded.json.data.id}/download`,
              headers: minji.headers,
            },
            (response) => {
              const hash = crypto.createHash('sha256');
              let size = 0;
              response.on('data', (chunk: Buffer) => {
                hash.update(chunk);
                size += chunk.length;
              });
              response.on('end', () =>
                resolve({
                  hash: hash.digest('hex'),
                  size,
                  disposition: String(response.headers['content-disposition']),
                }),
              );
            },
          )
          .on('error', reject);
      },
    );
    expect(downloaded.size).toBe(content.length);
    expect(downloaded.hash).toBe(sha256(content));
    expect(dispositionFilename(downloaded.disposition)).toBe(name);
  });
});
