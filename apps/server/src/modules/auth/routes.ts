import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  exchangeTokenQuerySchema,
  loginResponseSchema,
  mockLoginRequestSchema,
  refreshRequestSchema,
  tokenResponseSchema,
  userSchema,
} from '@postline/shared/auth';
import { envelopeOf } from '@postline/shared/envelope';
import { ok } from '../../lib/envelope.js';
import { AppError } from '../../lib/errors.js';
import { presentUser } from './presenter.js';
import { authLimits } from './rate-limits.js';

const updateMeSchema = z
  .object({ name: z.string().trim().min(1).max(100).optional(), language: z.enum(['ko', 'en']).optional() })
  .strict();

export interface AuthRouteOptions {
  mockLogin: boolean;
  rateLimitPerMinute: number;
}

function sessionMeta(request: FastifyRequest) {
  return { userAgent: request.headers['user-agent'], ip: request.ip };
}

export default async function authRoutes(app: FastifyInstance, options: AuthRouteOptions) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const limited = authLimits(app, { perMinute: options.rateLimitPerMinute });

  r.post(
    '/auth/mock-login',
    {
      schema: {
        tags: ['auth'],
        summary: 'Development sign-in by e-mail and name',
        body: mockLoginRequestSchema,
        response: { 200: envelopeOf(loginResponseSchema) },
      },
      preHandler: limited((req) => (req.body as { email?: string } | undefined)?.email?.trim().toLowerCase()),
    },
    async (request) => {
      if (!options.mockLogin) throw new AppError(403, 'ACCESS_DENIED');
      // The sign-in page's language starts a new account; a known person keeps the language their
      // account has, whatever device they sign in from (issue 34).
      const { user } = await app.auth.findOrCreateUser({ ...request.body, language: request.lang });
      return ok(await app.auth.startSession(user, sessionMeta(request)));
    },
  );

  r.post(
    '/auth/refresh',
    {
      schema: {
        tags: ['auth'],
        summary: 'Rotate a refresh token',
        body: refreshRequestSchema,
        response: { 200: envelopeOf(tokenResponseSchema) },
      },
      preHandler: limited(async (req) => {
        const token = (req.body as { refreshToken?: string } | undefined)?.refreshToken;
        return token ? `family:${await app.auth.refreshFamilyOf(token)}` : undefined;
      }),
    },
    async (request) => ok(await app.auth.refresh(request.body.refreshToken)),
  );

  r.post(
    '/auth/exchange-token',
    {
      schema: {
        tags: ['auth'],
        summary: 'Trade the one-time code from the OpenID callback for tokens',
        querystring: exchangeTokenQuerySchema,
        response: { 200: envelopeOf(loginResponseSchema) },
      },
      preHandler: limited(),
    },
    async (request) => ok(await app.auth.exchangeLoginCode(request.query.code, sessionMeta(request))),
  );

  r.get(
    '/auth/me',
    {
      schema: { tags: ['auth'], summary: 'The signed-in user', response: { 200: envelopeOf(userSchema) } },
      preHandler: [app.authenticate],
    },
    async (request) => {
      const user = await app.auth.getUser(request.user.id);
      if (!user) throw new AppError(401, 'AUTHENTICATION_FAILED');
      return ok(presentUser(user));
    },
  );

  r.patch(
    '/auth/me',
    {
      schema: {
        tags: ['auth'],
        summary: 'Change the name or the language mail and notifications are written in',
        body: updateMeSchema,
        response: { 200: envelopeOf(userSchema) },
      },
      preHandler: [app.authenticate],
    },
    async (request) => ok(presentUser(await app.auth.updateUser(request.user.id, request.body))),
  );

  r.delete(
    '/auth/logout',
    {
      schema: { tags: ['auth'], summary: 'Sign out this session', response: { 200: envelopeOf(z.null()) } },
      preHandler: [app.authenticate],
    },
    async (request) => {
      await app.auth.revokeSession(request.user.sessionId, 'logout');
      return ok(null);
    },
  );
}
