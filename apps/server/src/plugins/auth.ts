import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Database } from '../db/client.js';
import { AppError } from '../lib/errors.js';
import { AuthService, loadSigningKey, verifyAccessToken, type UserSetup } from '../modules/auth/index.js';

export interface AuthUser {
  id: number;
  email: string;
  sessionId: string;
}

declare module 'fastify' {
  interface FastifyInstance {
    auth: AuthService;
    signingKey: Uint8Array;
    /** preHandler for routes that need a signed-in user; sets request.user. */
    authenticate: (request: FastifyRequest) => Promise<void>;
  }
  interface FastifyRequest {
    user: AuthUser;
  }
}

export function bearerToken(header: string | undefined): string | undefined {
  if (!header) return undefined;
  const match = /^Bearer\s+(\S+)$/i.exec(header.trim());
  return match?.[1];
}

async function authPlugin(
  app: FastifyInstance,
  options: { database: Database; jwtSecret?: string | undefined; setUpUser: UserSetup },
) {
  const signingKey = await loadSigningKey(options.database.db, options.jwtSecret);
  const service = new AuthService(options.database, signingKey, options.setUpUser);
  app.decorate('signingKey', signingKey);
  app.decorate('auth', service);
  app.decorateRequest('user', null as unknown as AuthUser);
  app.decorate('authenticate', async (request: FastifyRequest) => {
    const token = bearerToken(request.headers.authorization);
    if (!token) throw new AppError(401, 'AUTHENTICATION_FAILED');
    const verified = await verifyAccessToken(signingKey, token);
    if (!verified.ok)
      throw new AppError(401, verified.reason === 'expired' ? 'TOKEN_EXPIRED' : 'AUTHENTICATION_FAILED');
    const { payload } = verified;
    // A signed-out session's access tokens stop working at once, not only at expiry.
    if (!(await service.isSessionActive(payload.sessionId, payload.userId))) {
      throw new AppError(401, 'TOKEN_EXPIRED');
    }
    request.user = { id: payload.userId, email: payload.email, sessionId: payload.sessionId };
  });
}

export default fp(authPlugin, { name: 'auth' });
