import type { FastifyInstance } from 'fastify';
import { OIDC_PATHS } from '@postline/shared/auth';
import type { Config } from '../../config.js';
import { OidcLogin } from './oidc.js';

/** Browser redirects of the OpenID Connect sign-in (Keycloak or any provider), outside /api/v1 JSON. */
export default async function oidcRoutes(app: FastifyInstance, options: { config: Config }) {
  const { config } = options;
  const login = config.oidc
    ? new OidcLogin(
        { ...config.oidc, redirectUri: `${config.publicUrl}${OIDC_PATHS.callback}` },
        app.database,
      )
    : undefined;
  const toLogin = (error: string) => `${config.publicUrl}/login?error=${encodeURIComponent(error)}`;
  const limit = app.rateLimit({ max: config.authRateLimitPerMinute, timeWindow: 60_000 });

  app.get(OIDC_PATHS.authorize, { schema: { hide: true }, preHandler: [limit] }, async (request, reply) => {
    if (!login) return reply.redirect(toLogin('oidc_not_configured'));
    try {
      return reply.redirect(await login.authorizationUrl());
    } catch (error) {
      request.log.warn({ err: error }, 'OpenID provider unreachable');
      return reply.redirect(toLogin('oidc_unavailable'));
    }
  });

  app.get(OIDC_PATHS.callback, { schema: { hide: true }, preHandler: [limit] }, async (request, reply) => {
    if (!login) return reply.redirect(toLogin('oidc_not_configured'));
    const url = new URL(request.url, config.publicUrl);
    const providerError = url.searchParams.get('error');
    if (providerError)
      return reply.redirect(`${config.publicUrl}/auth/callback?error=${encodeURIComponent(providerError)}`);
    try {
      const identity = await login.complete(url);
      const { user } = await app.auth.findOrCreateUser({
        email: identity.email,
        name: identity.name,
        language: request.lang,
        oidcSubject: identity.subject,
      });
      const code = await app.auth.createLoginCode(user.id);
      return reply.redirect(`${config.publicUrl}/auth/callback?code=${encodeURIComponent(code)}`);
    } catch (error) {
      request.log.warn({ err: error }, 'OpenID sign-in failed');
      return reply.redirect(`${config.publicUrl}/auth/callback?error=oidc_failed`);
    }
  });
}
