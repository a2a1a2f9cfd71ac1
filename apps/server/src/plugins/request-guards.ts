import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../lib/errors.js';

/*
 * Checks every request's own values before any route sees them (issue 11): a NUL character in a
 * JSON text, a query or a path parameter is refused with a 400 in the user's language. PostgreSQL
 * cannot store NUL in text, and such a value never means anything a person typed.
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

async function requestGuards(app: FastifyInstance) {
  app.addHook('preValidation', async (request) => refuseNul(request));
}

export default fp(requestGuards, { name: 'request-guards', dependencies: ['errors'] });
