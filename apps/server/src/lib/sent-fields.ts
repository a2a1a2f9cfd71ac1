import type { FastifyRequest } from 'fastify';

/**
 * Which top-level fields the client really sent, read before validation fills defaults in.
 * The edit forms of SPEC §2 send no isActive or isDefault, and a schema default of true/false
 * must not then switch an inactive template on or take the default flag off a signature.
 */
const sent = new WeakMap<FastifyRequest, ReadonlySet<string>>();

/** preValidation hook of a route whose handler asks `wasSent`. */
export async function recordSentFields(request: FastifyRequest): Promise<void> {
  const body = request.body;
  const keys = body !== null && typeof body === 'object' && !Array.isArray(body) ? Object.keys(body) : [];
  sent.set(request, new Set(keys));
}

export function wasSent(request: FastifyRequest, field: string): boolean {
  return sent.get(request)?.has(field) ?? false;
}
