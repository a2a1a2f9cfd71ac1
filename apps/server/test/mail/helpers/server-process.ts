import { execFile, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const SERVER_DIR = fileURLToPath(new URL('../../../', import.meta.url));
export const SERVER_ENTRY = path.join(SERVER_DIR, 'dist', 'server.js');

function newestMtime(dir: string, suffix: string): number {
  if (!fs.existsSync(dir)) return 0;
  let newest = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) newest = Math.max(newest, newestMtime(full, suffix));
    else if (entry.name.endsWith(suffix) && !entry.name.endsWith('.d.ts'))
      newest = Math.max(newest, fs.statSync(full).mtimeMs);
  }
  return newest;
}

/**
 * The real server runs from dist/, as `npm start` runs it. Builds it when src/ is newer; type errors
 * elsewhere in the tree do not stop tsc from emitting. Throws when it still cannot run: a test that
 * needs the real process fails loudly rather than skipping.
 */
export async function ensureServerBuilt(): Promise<void> {
  const stale =
    !fs.existsSync(SERVER_ENTRY) ||
    newestMtime(path.join(SERVER_DIR, 'dist'), '.js') < newestMtime(path.join(SERVER_DIR, 'src'), '.ts');
  if (stale) {
    await new Promise<void>((resolve) => {
      execFile('npx', ['tsc', '-b'], { cwd: SERVER_DIR, timeout: 240_000 }, () => resolve());
    });
  }
  if (!fs.existsSync(SERVER_ENTRY))
    throw new Error(`no ${SERVER_ENTRY}: building the server with "npx tsc -b" in apps/server failed`);
}

export async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

export interface ServerProcess {
  child: ChildProcess;
  baseUrl: string;
  smtpPort: number;
  output(): string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  kill9(): Promise<void>;
  /** SIGTERM, the graceful way; answers the exit code. */
  stop(): Promise<number | null>;
}

export interface ServerEnv {
  dataDir: string;
  databaseUrl?: string | undefined;
}

/** How long a start may take on a loaded machine (CI with other suites running beside it). */
export const START_DEADLINE_MS = 90_000;

/**
 * Spawns `node dist/server.js`; `ready` waits, up to START_DEADLINE_MS, for the SMTP listener (the
 * last thing started) and for /api/v1/ready to answer 200.
 */
export async function spawnServer(env: ServerEnv, ready = true): Promise<ServerProcess> {
  const port = await freePort();
  const smtpPort = await freePort();
  const child = spawn(process.execPath, [SERVER_ENTRY], {
    cwd: SERVER_DIR,
    env: {
      PATH: process.env.PATH ?? '',
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      PORT: String(port),
      SMTP_PORT: String(smtpPort),
      DATA_DIR: env.dataDir,
      LOG_LEVEL: 'info',
      ...(env.databaseUrl ? { DATABASE_URL: env.databaseUrl } : {}),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  const processHandle: ServerProcess = {
    child,
    baseUrl: `http://127.0.0.1:${port}`,
    smtpPort,
    output: () => output,
    exited,
    async kill9() {
      child.kill('SIGKILL');
      await exited;
    },
    async stop() {
      child.kill('SIGTERM');
      return (await exited).code;
    },
  };
  if (!ready) return processHandle;
  const deadline = Date.now() + START_DEADLINE_MS;
  let gone = false;
  void exited.then(() => (gone = true));
  const isReady = async () => {
    if (!output.includes('smtp listening on')) return false;
    const res = await fetch(`${processHandle.baseUrl}/api/v1/ready`).catch(() => null);
    return res?.status === 200;
  };
  while (!(await isReady())) {
    if (gone) throw new Error(`server exited during start:\n${output}`);
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`server was not ready within ${START_DEADLINE_MS / 1000} s:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  return processHandle;
}

export async function postJson(
  baseUrl: string,
  url: string,
  body: unknown,
  headers: Record<string, string> = {},
) {
  const res = await fetch(`${baseUrl}${url}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  return {
    status: res.status,
    body: (await res.json()) as { success: boolean; data: Record<string, unknown> },
  };
}
