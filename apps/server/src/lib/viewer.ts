import type { FastifyRequest } from 'fastify';
import type { Language } from '@postline/shared/errors';

/** Who is asking and in which language they read the answer. */
export interface Viewer {
  id: number;
  lang: Language;
}

export function viewerOf(request: FastifyRequest): Viewer {
  return { id: request.user.id, lang: request.lang };
}
