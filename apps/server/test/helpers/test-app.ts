import type { FastifyInstance } from 'fastify';
import { buildServer, type PostlineServer, type ServerDependencies } from '../../src/build-server.js';
import { loadConfig, type Config } from '../../src/config.js';
import { createTestDatabase, type TestDatabase } from './database.js';

export interface TestContext {
  app: FastifyInstance;
  config: Config;
  db: TestDatabase;
  close(): Promise<void>;
}

export interface TestServer extends TestContext {
  /** The parts SERVICES chose, listening on loopback ports the OS picked. */
  server: PostlineServer;
}

type TestOptions = Pick<ServerDependencies, 'logStream' | 'beforeReady' | 'realtime' | 'outbox' | 'smtp'>;

/** The real app on a fresh real database, answering through inject(); env goes through the config parser. */
export function createTestApp(
  env: Record<string, string> = {},
  options: TestOptions = {},
): Promise<TestContext> {
  return createTestServer(env, { ...options, start: false });
}

/**
 * What server.ts runs (buildServer), on a fresh real database: HTTP with /ws, SMTP in and the outbox
 * worker as SERVICES says (all by default), on ports the OS picks.
 */
export async function createTestServer(
  env: Record<string, string> = {},
  options: TestOptions & Pick<ServerDependencies, 'start'> = {},
): Promise<TestServer> {
  const db = await createTestDatabase();
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: db.dataDir,
    HOST: '127.0.0.1',
    SMTP_PORT: '0',
    PORT: '0',
    LOG_LEVEL: 'silent',
    JWT_SECRET: 'test-secret-that-is-long-enough-for-hs256-0123456789',
    // Mail goes at once unless a test asks for the undo delay (issue 36; its tests set it).
    UNDO_SEND_DEFAULT_SECONDS: '0',
    ...env,
  });
  const server = await buildServer(config, {
    ...options,
    database: db.database,
    ...(options.logStream ? {} : { logger: false }),
  }).catch(async (error: unknown) => {
    await db.destroy();
    throw error;
  });
  return {
    app: server.app,
    config,
    db,
    server,
    async close() {
      await server.close();
      await db.destroy();
    },
  };
}

export interface SignedIn {
  accessToken: string;
  refreshToken: string;
  user: { id: number; email: string; name: string };
  headers: { authorization: string };
}

export async function signIn(
  app: FastifyInstance,
  email: string,
  name = email.split('@')[0] ?? 'user',
): Promise<SignedIn> {
  const res = await app.inject({ method: 'POST', url: '/api/v1/auth/mock-login', payload: { email, name } });
  if (res.statusCode !== 200) throw new Error(`sign-in failed: ${res.statusCode} ${res.body}`);
  const data = res.json().data as Omit<SignedIn, 'headers'>;
  return { ...data, headers: { authorization: `Bearer ${data.accessToken}` } };
}
