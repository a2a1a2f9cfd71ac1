import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.js';
import { originPolicy } from '../../src/realtime/origin.js';
import { createTestServer, type TestContext } from '../helpers/test-app.js';
import { realtimeUrl } from './clients.js';

let ctx: TestContext;
let base: string;

beforeAll(async () => {
  const server = await createTestServer({
    SERVICES: 'web',
    PUBLIC_URL: 'https://mail.example.com',
    ALLOWED_ORIGINS: 'https://other.example.com',
  });
  ctx = server;
  base = realtimeUrl(server.server).replace(/\/ws$/, '');
});
afterAll(async () => {
  await ctx.close();
});

function get(path: string, headers: Record<string, string> = {}): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    http
      .get(`${base}${path}`, { headers }, (res) => {
        let body = '';
        res.on('data', (chunk: Buffer) => (body += chunk.toString()));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      })
      .on('error', reject);
  });
}

/** A WebSocket upgrade by hand: answers the status line the server sent. */
function upgrade(origin: string, path = '/ws/000/abcdefgh/websocket'): Promise<string> {
  return new Promise((resolve, reject) => {
    const req = http.request(`${base}${path}`, {
      headers: {
        connection: 'Upgrade',
        upgrade: 'websocket',
        'sec-websocket-version': '13',
        'sec-websocket-key': 'dGhlIHNhbXBsZSBub25jZQ==',
        origin,
      },
    });
    req.on('upgrade', (res, socket) => {
      socket.destroy();
      resolve(`${res.statusCode}`);
    });
    req.on('response', (res) => {
      res.resume();
      resolve(`${res.statusCode}`);
    });
    req.on('error', reject);
    req.end();
  });
}

function post(path: string, body: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      `${base}${path}`,
      { method: 'POST', headers: { 'content-type': 'text/plain' } },
      (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      },
    );
    req.on('error', (error) => (/ECONNRESET|EPIPE/.test(error.message) ? resolve(0) : reject(error)));
    req.end(body);
  });
}

describe('the SockJS endpoint on the HTTP port', () => {
  it("answers /ws/info itself, not Fastify's 404, and leaves other paths to the app", async () => {
    const info = await get('/ws/info');
    expect(info.status).toBe(200);
    expect(JSON.parse(info.body)).toMatchObject({ websocket: true });
    expect((await get('/api/v1/health')).status).toBe(200);
    const elsewhere = await get('/api/v1/wsx');
    expect(elsewhere.status).toBe(404);
    expect(JSON.parse(elsewhere.body)).toMatchObject({ success: false });
  });

  it('refuses a page from a foreign origin before any STOMP, on XHR and on WebSocket', async () => {
    expect((await get('/ws/info', { origin: 'https://evil.example' })).status).toBe(403);
    expect((await get('/ws/info', { origin: 'null' })).status).toBe(403);
    expect(await upgrade('https://evil.example')).toBe('403');
  });

  it('lets in PUBLIC_URL, ALLOWED_ORIGINS and, outside production, localhost on any port', async () => {
    for (const origin of [
      'https://mail.example.com',
      'https://other.example.com',
      'http://localhost:5173',
      'http://127.0.0.1:4173',
    ]) {
      expect((await get('/ws/info', { origin })).status, origin).toBe(200);
    }
    expect(await upgrade('http://localhost:5173')).toBe('101');
  });

  it('takes a plain WebSocket at /ws/websocket (what the web app opens first) under the same origin rule', async () => {
    expect(await upgrade('https://mail.example.com', '/ws/websocket')).toBe('101');
    expect(await upgrade('https://evil.example', '/ws/websocket')).toBe('403');
  });

  it('refuses an xhr_send body far over the frame limit', async () => {
    expect(await post('/ws/000/abcdefgh/xhr_send', 'x'.repeat(2 * 1024 * 1024))).not.toBe(204);
    expect((await get('/api/v1/health')).status).toBe(200);
  });
});

describe('origin policy', () => {
  it('allows only PUBLIC_URL and ALLOWED_ORIGINS in production', () => {
    const config = loadConfig({
      NODE_ENV: 'production',
      PUBLIC_URL: 'https://mail.example.com/',
      ALLOWED_ORIGINS: 'https://a.example.com, https://b.example.com:8443',
      JWT_SECRET: 'x'.repeat(40),
    });
    const allowed = originPolicy(config);
    expect(allowed('https://mail.example.com')).toBe(true);
    expect(allowed('https://b.example.com:8443')).toBe(true);
    expect(allowed('https://b.example.com')).toBe(false);
    expect(allowed('http://mail.example.com')).toBe(false);
    expect(allowed('http://localhost:5173')).toBe(false);
    expect(allowed('https://mail.example.com.evil.example')).toBe(false);
    // Non-browser clients send no Origin; the bearer token is their check.
    expect(allowed(undefined)).toBe(true);
  });

  it('takes the other loopback names for a PUBLIC_URL on one, on the same port only, in production', () => {
    const allowed = originPolicy(
      loadConfig({ NODE_ENV: 'production', PUBLIC_URL: 'http://localhost:8082', JWT_SECRET: 'x'.repeat(40) }),
    );
    expect(allowed('http://localhost:8082')).toBe(true);
    expect(allowed('http://127.0.0.1:8082')).toBe(true);
    expect(allowed('http://[::1]:8082')).toBe(true);
    expect(allowed('http://127.0.0.1:8083')).toBe(false);
    expect(allowed('https://127.0.0.1:8082')).toBe(false);
    expect(allowed('http://127.0.0.2:8082')).toBe(false);
  });
});
