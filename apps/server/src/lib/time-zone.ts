import type { FastifyRequest } from 'fastify';
import { knownTimeZone, TIME_ZONE_HEADER } from '@postline/shared/time-zones';

/** The reader's zone the request names (X-Time-Zone), when it is one this runtime knows. */
export function readerTimeZone(request: FastifyRequest): string | undefined {
  const header = request.headers[TIME_ZONE_HEADER.toLowerCase()];
  return knownTimeZone(Array.isArray(header) ? header[0] : header);
}
