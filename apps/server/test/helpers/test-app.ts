import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/app.js';
import { loadConfig, type Config } from '../../src/config.js';
import { createTestDatabase, type TestDatabase } from './database.js';

export interface TestContext {
  app: FastifyInstance;
  config: Config;
  db: TestDatabase;
  close(): Promise<void>;
}

/** The real app on a fresh real database; env overrides go through the same config parser. */
export async function createTestApp(
  env: Record<string, string> = {},
  options: {
    logStream?: { write(line: string): void };
    /** Routes or hooks a test adds before the app is ready. */
    beforeReady?: (app: FastifyInstance) => void;
  } = {},
): Promise<TestContext> {
  const db = await createTestDatabase();
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: db.dataDir,
    SMTP_PORT: '0',
    PORT: '0',
    LOG_LEVEL: 'silent',
    JWT_SECRET: 'test-secret-that-is-long-enough-for-hs256-0123456789',
    ...env,
  });
  const app = await buildApp({
    config,
    database: db.database,
    ...(options.logStream ? { logStream: options.logStream } : { logger: false }),
  });
  options.beforeReady?.(app);
  await app.ready();
  return {
    app,
    config,
    db,
    async close() {
      await app.close();
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
