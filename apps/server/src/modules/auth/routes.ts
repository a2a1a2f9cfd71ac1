import type { FastifyInstance, FastifyRequest } from 'fastify';
import { parseCookie } from 'cookie';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  OIDC_PATHS,
  exchangeTokenQuerySchema,
  loginResponseSchema,
  mockLoginRequestSchema,
  refreshRequestSchema,
  tokenResponseSchema,
  userSchema,
} from '@postline/shared/auth';
import { envelopeOf } from '@postline/shared/envelope';
import { LANGUAGE_COOKIE, LANGUAGES, type Language } from '@postline/shared/errors';
import type { Config } from '../../config.js';
import { ok } from '../../lib/envelope.js';
import { AppError } from '../../lib/errors.js';
import { redirectOrigin } from '../../lib/public-origin.js';
import { OidcLogin } from './oidc.js';
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

/**
 * The language a new account starts in: the one the sign-in page showed (the web app keeps it in
 * LANGUAGE_COOKIE), else the browser's.
 */
function signInPageLanguage(request: FastifyRequest): Language {
  const header = request.headers.cookie;
  const chosen = header ? parseCookie(header)[LANGUAGE_COOKIE] : undefined;
  return LANGUAGES.find((language) => language === chosen) ?? request.lang;
}

/** Browser redirects of the OpenID Connect sign-in (Keycloak or any provider), outside /api/v1 JSON. */
export async function oidcRoutes(app: FastifyInstance, options: { config: Config }) {
  const { config } = options;
  const login = config.oidc ? new OidcLogin(config.oidc, app.database) : undefined;
  // Built from PUBLIC_URL only; the Host header may only pick one of its loopback aliases.
  const originOf = (request: FastifyRequest): string => redirectOrigin(config, request.host);
  const toLogin = (request: FastifyRequest, error: string) =>
    `${originOf(request)}/login?error=${encodeURIComponent(error)}`;
  const limit = app.rateLimit({ max: config.authRateLimitPerMinute, timeWindow: 60_000 });

  app.get(OIDC_PATHS.authorize, { schema: { hide: true }, preHandler: [limit] }, async (request, reply) => {
    if (!login) return reply.redirect(toLogin(request, 'oidc_not_configured'));
    try {
      return reply.redirect(await login.authorizationUrl(`${originOf(request)}${OIDC_PATHS.callback}`));
    } catch (error) {
      request.log.warn({ err: error }, 'OpenID provider unreachable');
      return reply.redirect(toLogin(request, 'oidc_unavailable'));
    }
  });

  app.get(OIDC_PATHS.callback, { schema: { hide: true }, preHandler: [limit] }, async (request, reply) => {
    if (!login) return reply.redirect(toLogin(request, 'oidc_not_configured'));
    const origin = originOf(request);
    const url = new URL(request.url, origin);
    const providerError = url.searchParams.get('error');
    if (providerError)
      return reply.redirect(`${origin}/auth/callback?error=${encodeURIComponent(providerError)}`);
    try {
      const identity = await login.complete(url);
      const { user } = await app.auth.findOrCreateUser({
        email: identity.email,
        name: identity.name,
        language: signInPageLanguage(request),
        oidcSubject: identity.subject,
      });
      const code = await app.auth.createLoginCode(user.id);
      return reply.redirect(`${origin}/auth/callback?code=${encodeURIComponent(code)}`);
    } catch (error) {
      request.log.warn({ err: error }, 'OpenID sign-in failed');
      return reply.redirect(`${origin}/auth/callback?error=oidc_failed`);
    }
  });
}
