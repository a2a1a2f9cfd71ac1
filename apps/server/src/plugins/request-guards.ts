import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../lib/errors.js';

/*
 * The edge of every request (issue 11):
 * - A NUL character in a JSON text, a query or a path parameter is refused with a 400 in the
 *   user's language. PostgreSQL cannot store NUL in text, and it never means anything typed.
 * - A refusal sent before the body has arrived (413, 415, 401 on an upload...) waits while the
 *   rest of the body is read and thrown away, up to LINGER_MAX_BYTES and LINGER_MAX_MS, as nginx's
 *   lingering close does. Clients that write their whole body before reading (Python's urllib,
 *   many SDKs) otherwise meet a closed socket and a broken pipe instead of the answer.
 */

const MAX_DEPTH = 32;

function containsNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (depth > MAX_DEPTH || value === null || typeof value !== 'object') return false;
  if (Array.isArray(value)) return value.some((item) => containsNul(item, depth + 1));
  return Object.entries(value).some(([key, item]) => key.includes('\u0000') || containsNul(item, depth + 1));
}

function refuseNul(request: FastifyRequest): void {
  // The raw URL too: a %00 may sit in a path segment no route declared as a parameter.
  const url = request.raw.url ?? '';
  if (
    /%00/i.test(url) ||
    containsNul(request.query) ||
    containsNul(request.params) ||
    containsNul(request.body)
  ) {
    throw new AppError(400, 'VALIDATION_ERROR', { key: 'nulCharacter' });
  }
}

const LINGER_MAX_BYTES = 64 * 1024 * 1024;
const LINGER_MAX_MS = 15_000;

function drainBody(request: FastifyRequest): Promise<void> {
  const raw = request.raw;
  return new Promise((resolve) => {
    let seen = 0;
    const finish = () => {
      clearTimeout(timer);
      raw.off('data', count);
      raw.off('end', finish);
      raw.off('close', finish);
      raw.off('error', finish);
      resolve();
    };
    const count = (chunk: Buffer) => {
      seen += chunk.length;
      if (seen > LINGER_MAX_BYTES) finish();
    };
    const timer = setTimeout(finish, LINGER_MAX_MS);
    raw.on('data', count);
    raw.once('end', finish);
    raw.once('close', finish);
    raw.once('error', finish);
    raw.resume();
  });
}

async function requestGuards(app: FastifyInstance) {
  app.addHook('preValidation', async (request) => refuseNul(request));
  app.addHook('onSend', async (request, reply, payload) => {
    const raw = request.raw;
    if (reply.statusCode < 400 || raw.complete || raw.readableEnded || raw.destroyed) return payload;
    await drainBody(request);
    // The body was not read as a request: this connection is not reused.
    void reply.header('connection', 'close');
    return payload;
  });
}

export default fp(requestGuards, { name: 'request-guards', dependencies: ['errors'] });
