import { spawn } from 'node:child_process';
import fs from 'node:fs';
import { repoRoot, serverEntry, stateFilePath, type ServerState } from './server-process';

// A graceful stop ends SMTP sessions (up to 3 s), the outbox worker, the sockets and HTTP requests.
const STOP_TIMEOUT_MS = 20_000;
const START_TIMEOUT_MS = 30_000;

/**
 * This run's server. The state file (one per run, named by global setup) is the truth for its
 * pid: a restart writes the new pid there, and Playwright may run the next test in a new worker
 * whose environment still holds the first server's pid.
 */
function thisRunsServer(): ServerState & { smtpPort: string } {
  const state = JSON.parse(fs.readFileSync(stateFilePath(), 'utf8')) as ServerState;
  return { ...state, smtpPort: process.env.E2E_SMTP_PORT ?? '0' };
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function waitUntil(check: () => boolean | Promise<boolean>, timeoutMs: number, what: string) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
}

async function isHealthy(baseUrl: string): Promise<boolean> {
  try {
    return (await fetch(`${baseUrl}/api/v1/health`)).ok;
  } catch {
    return false;
  }
}

/** global-teardown.ts stops the pid in the state file: point it at the new process. */
function recordPid(pid: number): void {
  const state = JSON.parse(fs.readFileSync(stateFilePath(), 'utf8')) as ServerState;
  fs.writeFileSync(stateFilePath(), JSON.stringify({ ...state, pid }));
}

/** The last lines the server wrote, first or restarted, for a report on a stop that hangs. */
function logTail(): string {
  const { dataDir } = thisRunsServer();
  return [`${dataDir}.log`, `${stateFilePath()}.restarted.log`]
    .filter((file) => fs.existsSync(file))
    .map((file) => `${file}:\n${fs.readFileSync(file, 'utf8').split('\n').slice(-30).join('\n')}`)
    .join('\n');
}

/** Stops this run's server with SIGTERM (a graceful shutdown) and waits until the process is gone. */
export async function stopServer(): Promise<void> {
  const { pid, baseUrl } = thisRunsServer();
  if (!isRunning(pid)) {
    // Starting another server on the same port would fail while this one answers: say so.
    if (await isHealthy(baseUrl)) throw new Error(`server ${pid} is not running, yet ${baseUrl} answers`);
    return;
  }
  process.kill(pid, 'SIGTERM');
  try {
    await waitUntil(() => !isRunning(pid), STOP_TIMEOUT_MS, `server ${pid} to exit`);
  } catch (error) {
    throw new Error(`${(error as Error).message}; the end of its log:\n${logTail()}`);
  }
}

/**
 * Starts this run's server again on the same address, SMTP port and data folder, as an operator
 * restarting it would, and waits until it answers. `env` adds settings for this start only (a
 * journey that needs sender checks against its own DNS server); the next start is without them.
 */
export async function startServer(env: Record<string, string> = {}): Promise<void> {
  const server = thisRunsServer();
  const { port, hostname } = new URL(server.baseUrl);
  const log = fs.openSync(`${stateFilePath()}.restarted.log`, 'a');
  const child = spawn(process.execPath, [serverEntry], {
    cwd: repoRoot,
    env: {
      ...process.env,
      PORT: port,
      HOST: hostname,
      SMTP_PORT: server.smtpPort,
      DATA_DIR: server.dataDir,
      NODE_ENV: 'test',
      AUTH_MOCK_LOGIN: 'true',
      LOG_LEVEL: 'info',
      // As global-setup.ts starts it (issue 36).
      UNDO_SEND_DEFAULT_SECONDS: '0',
      OUTBOX_POLL_SECONDS: '1',
      ...env,
    },
    // It must outlive the test worker that started it, so it writes to a file rather than a pipe.
    detached: true,
    stdio: ['ignore', log, log],
  });
  child.unref();
  fs.closeSync(log);
  const pid = child.pid ?? 0;
  recordPid(pid);
  // A server that exits at once (its port still taken) must not pass for the one that answers.
  await waitUntil(
    async () => {
      if (!isRunning(pid))
        throw new Error(`the restarted server exited; see ${stateFilePath()}.restarted.log`);
      return isHealthy(server.baseUrl);
    },
    START_TIMEOUT_MS,
    `the server on ${server.baseUrl}`,
  );
}

export async function restartServer(): Promise<void> {
  await stopServer();
  await startServer();
}
