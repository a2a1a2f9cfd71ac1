import type { FastifyInstance, FastifyRequest } from 'fastify';
import { parseCookie } from 'cookie';
import { OIDC_PATHS } from '@postline/shared/auth';
import { LANGUAGE_COOKIE, LANGUAGES, type Language } from '@postline/shared/errors';
import type { Config } from '../../config.js';
import { redirectOrigin } from '../../lib/public-origin.js';
import { OidcLogin } from './oidc.js';

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
export default async function oidcRoutes(app: FastifyInstance, options: { config: Config }) {
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
