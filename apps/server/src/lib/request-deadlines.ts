import type http from 'node:http';
import type { Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import type { ErrorEnvelope } from '@postline/shared/envelope';
import { errorText, languageFromHeader } from './i18n.js';

/**
 * How long a client may take to send a request (issue 32): 1,000 unauthenticated POSTs dripping a
 * byte every 10 s each held a connection for good, because Fastify turns Node's requestTimeout off.
 *
 * The rule, after Apache's mod_reqtimeout (`header=20 body=20,MinRate=500`):
 * - the head (request line and headers) must be whole within `headersMs` (Node's headersTimeout),
 *   and a connection must begin one within that time too;
 * - a body may take `bodyGraceMs` whatever its size; past that it must have come at an average of
 *   at least `bodyMinBytesPerSecond` since the head did, so each kilobyte received buys a second.
 *   A drip is cut at about the grace, while a 25 MB file on a slow phone link keeps going;
 * - whatever its rate, an ordinary body (JSON, at most 2 MB, answered in seconds) must be whole
 *   within `bodyMs`, and a multipart upload within `uploadMs`.
 * Node's own requestTimeout stays on behind this as the ceiling for every request.
 *
 * Bytes are counted on the socket, not read from the request: the body stays whole for Fastify,
 * @fastify/multipart and SockJS. A server too busy to read (the socket paused by backpressure)
 * slows the count as well; the grace and a minimum rate far below any real link leave room for it.
 */
export interface RequestDeadlines {
  headersMs: number;
  bodyGraceMs: number;
  bodyMinBytesPerSecond: number;
  bodyMs: number;
  uploadMs: number;
}

export const DEFAULT_REQUEST_DEADLINES: RequestDeadlines = {
  headersMs: 20_000,
  bodyGraceMs: 20_000,
  bodyMinBytesPerSecond: 1024,
  // Six times the 10 s the web app waits for an ordinary call (API_TIMEOUT_MS).
  bodyMs: 60_000,
  // Twice the 5 minutes the web app waits for a file (FILE_TRANSFER_TIMEOUT_MS).
  uploadMs: 600_000,
};

const hasBody = (req: http.IncomingMessage) =>
  Number(req.headers['content-length'] ?? 0) > 0 || req.headers['transfer-encoding'] !== undefined;

const isUpload = (req: http.IncomingMessage) =>
  /^multipart\/form-data\b/i.test(req.headers['content-type'] ?? '');

/**
 * 408 in the envelope and the request's language, then the connection closes: as Node answers its
 * own request timeout, written on the socket (the response may be owned by a route still waiting
 * for the body, which then sees an aborted request, as when a client goes away).
 */
function answerTimeout(socket: Duplex, acceptLanguage: string | undefined): void {
  if (socket.destroyed) return;
  if (socket.writable) {
    const lang = languageFromHeader(acceptLanguage);
    const envelope: ErrorEnvelope = {
      success: false,
      code: 'REQUEST_TIMEOUT',
      message: errorText('REQUEST_TIMEOUT', lang),
    };
    const body = JSON.stringify(envelope);
    socket.write(
      'HTTP/1.1 408 Request Timeout\r\nConnection: close\r\n' +
        'Content-Type: application/json; charset=utf-8\r\n' +
        `Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
    );
  }
  socket.destroy();
}

/** Times one request's body from the end of its head until it is whole, as the rule above says. */
function watchBody(
  req: http.IncomingMessage,
  res: http.ServerResponse,
  deadlines: RequestDeadlines,
  onCut: (reason: string, req: http.IncomingMessage) => void,
): void {
  if (!hasBody(req)) return;
  const { socket } = req;
  const started = Date.now();
  const bytesAtStart = socket.bytesRead;
  const upload = isUpload(req);
  const lastChance = started + (upload ? deadlines.uploadMs : deadlines.bodyMs);
  let timer: NodeJS.Timeout | undefined;
  const check = () => {
    if (req.complete || socket.destroyed) return;
    const received = socket.bytesRead - bytesAtStart;
    const earned = (received / deadlines.bodyMinBytesPerSecond) * 1000;
    const deadline = Math.min(lastChance, started + deadlines.bodyGraceMs + earned);
    const now = Date.now();
    if (now < deadline) {
      timer = setTimeout(check, deadline - now);
      timer.unref();
      return;
    }
    onCut(deadline === lastChance ? 'body total' : 'body too slow', req);
    if (res.headersSent) socket.destroy();
    else answerTimeout(socket, req.headers['accept-language']);
  };
  timer = setTimeout(check, Math.min(deadlines.bodyGraceMs, lastChance - started));
  timer.unref();
  req.once('close', () => clearTimeout(timer));
}

/**
 * Puts the deadlines on the HTTP server before it listens, in front of every other listener
 * (Fastify's and the real-time endpoint's), so /ws transport requests are timed too.
 */
export function applyRequestDeadlines(
  server: http.Server,
  deadlines: RequestDeadlines,
  onCut: (reason: string, req: http.IncomingMessage) => void = () => undefined,
): void {
  server.headersTimeout = deadlines.headersMs;
  server.requestTimeout = deadlines.headersMs + Math.max(deadlines.uploadMs, deadlines.bodyMs);
  // Node checks both every this often (30 s by default, a slow head's real deadline): a quarter of
  // the head's time keeps it within 25 %. A createServer option that Node keeps on the server and
  // reads when it starts listening; @types/node does not declare the property.
  (server as http.Server & { connectionsCheckingInterval: number }).connectionsCheckingInterval = Math.min(
    5_000,
    Math.max(250, deadlines.headersMs / 4),
  );
  // Node starts the head's clock at its first byte: a connection that never sends one is closed here.
  server.on('connection', (socket: Socket) => {
    const timer = setTimeout(() => {
      if (socket.bytesRead === 0) socket.destroy();
    }, deadlines.headersMs);
    timer.unref();
    socket.once('close', () => clearTimeout(timer));
  });
  server.prependListener('request', (req: http.IncomingMessage, res: http.ServerResponse) =>
    watchBody(req, res, deadlines, onCut),
  );
  // Node's own timeout (a slow head) in the envelope too; Fastify's handler, after this one, leaves
  // a destroyed socket alone.
  server.prependListener('clientError', (error: NodeJS.ErrnoException, socket: Duplex) => {
    if (error.code !== 'ERR_HTTP_REQUEST_TIMEOUT') return;
    answerTimeout(socket, undefined);
  });
}
