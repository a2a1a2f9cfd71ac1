import type http from 'node:http';
import type { Duplex } from 'node:stream';

/** The request/upgrade handler sockjs builds; true when it took the request. */
export type SockjsHandler = (
  req: http.IncomingMessage,
  target: http.ServerResponse | Duplex,
  head?: Buffer,
) => boolean;

export interface InterceptOptions {
  prefix: string;
  handler: SockjsHandler;
  isAllowedOrigin(origin: string | undefined): boolean;
  /** Largest request body (xhr_send) accepted; SockJS itself buffers bodies without a limit. */
  maxBodyBytes: number;
  onRefused?(reason: 'origin' | 'body-too-large', req: http.IncomingMessage): void;
}

type Listener = (...args: unknown[]) => void;

/**
 * Puts the SockJS endpoint in front of the HTTP server's other listeners, so Fastify (whose 404
 * handler would answer /ws/*) only sees what is not under the prefix. Origin is checked here, on
 * every handshake and transport request, before any STOMP byte is read.
 * Answers a function that puts the original listeners back.
 */
export function interceptRealtimeRequests(server: http.Server, options: InterceptOptions): () => void {
  const { prefix } = options;
  const isOurs = (url: string | undefined) => {
    const path = (url ?? '').split('?', 1)[0] ?? '';
    return path === prefix || path.startsWith(`${prefix}/`);
  };
  const previous = {
    request: server.listeners('request') as Listener[],
    upgrade: server.listeners('upgrade') as Listener[],
  };
  server.removeAllListeners('request');
  server.removeAllListeners('upgrade');

  function onRequest(this: http.Server, req: http.IncomingMessage, res: http.ServerResponse): void {
    if (!isOurs(req.url)) {
      for (const listener of previous.request) listener.call(this, req, res);
      return;
    }
    if (!options.isAllowedOrigin(req.headers.origin)) {
      options.onRefused?.('origin', req);
      res.writeHead(403, { 'content-type': 'text/plain; charset=utf-8', connection: 'close' });
      res.end('Origin not allowed\n');
      return;
    }
    if (Number(req.headers['content-length'] ?? 0) > options.maxBodyBytes) {
      options.onRefused?.('body-too-large', req);
      res.writeHead(413, { 'content-type': 'text/plain; charset=utf-8', connection: 'close' });
      res.end('Payload too large\n');
      return;
    }
    options.handler(req, res);
    // Counted after sockjs attached its own reader (it does so synchronously), so no chunk is lost.
    let seen = 0;
    req.on('data', (chunk: Buffer) => {
      seen += chunk.length;
      if (seen > options.maxBodyBytes) {
        options.onRefused?.('body-too-large', req);
        req.destroy();
      }
    });
  }

  function onUpgrade(this: http.Server, req: http.IncomingMessage, socket: Duplex, head: Buffer): void {
    if (!isOurs(req.url)) {
      if (previous.upgrade.length === 0) socket.destroy();
      for (const listener of previous.upgrade) listener.call(this, req, socket, head);
      return;
    }
    if (!options.isAllowedOrigin(req.headers.origin)) {
      options.onRefused?.('origin', req);
      socket.end('HTTP/1.1 403 Forbidden\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
      return;
    }
    options.handler(req, socket, head);
  }

  server.on('request', onRequest);
  server.on('upgrade', onUpgrade);
  return () => {
    server.removeListener('request', onRequest);
    server.removeListener('upgrade', onUpgrade);
    for (const listener of previous.request) server.on('request', listener);
    for (const listener of previous.upgrade) server.on('upgrade', listener);
  };
}
