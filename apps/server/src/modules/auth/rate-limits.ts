import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../lib/errors.js';

/*
 * Sign-in and refresh limits (issue 11): each attempt counts against the client's address AND the
 * account (mock login: the e-mail; refresh: the token's session family, so rotating the token does
 * not start a fresh count). Both are checked in one preHandler through @fastify/rate-limit's
 * createRateLimit, because two of its route handlers on one route stop after the first check.
 * The counters live in this node's memory: behind a load balancer each node counts its own share.
 */

type KeyOf = (request: FastifyRequest) => Promise<string | undefined> | string | undefined;

export interface AuthLimitOptions {
  perMinute: number;
}

export function authLimits(app: FastifyInstance, options: AuthLimitOptions) {
  const perIp = app.createRateLimit({ max: options.perMinute, timeWindow: 60_000 });
  // An office behind one address shares the IP budget; one account gets a third of it.
  const accountMax = Math.max(5, Math.ceil(options.perMinute / 3));

  const check = async (
    limiter: ReturnType<FastifyInstance['createRateLimit']>,
    request: FastifyRequest,
    reply: FastifyReply,
  ) => {
    const result = await limiter(request);
    if (result.isAllowed || !result.isExceeded) return;
    void reply.header('retry-after', String(Math.max(1, result.ttlInSeconds)));
    throw new AppError(429, 'RATE_LIMITED');
  };

  /** A preHandler counting the attempt per IP and per account (when the account is known). */
  return (accountOf?: KeyOf) => {
    const perAccount = accountOf
      ? app.createRateLimit({
          max: accountMax,
          timeWindow: 60_000,
          keyGenerator: async (request) => `account:${(await accountOf(request)) ?? request.ip}`,
        })
      : undefined;
    return async (request: FastifyRequest, reply: FastifyReply) => {
      await check(perIp, request, reply);
      if (perAccount) await check(perAccount, request, reply);
    };
  };
}
