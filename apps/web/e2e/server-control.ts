import { spawn } from 'node:child_process';
import fs from 'node:fs';
import { repoRoot, serverEntry, stateFilePath, type ServerState } from './server-process';

const STOP_TIMEOUT_MS = 10_000;
const START_TIMEOUT_MS = 30_000;

/**
 * This run's server as global-setup.ts exported it. The environment, not the state file, says
 * which one: the state file is one path for every run on the machine.
 */
function thisRunsServer(): { baseUrl: string; dataDir: string; pid: number; smtpPort: string } {
  const { E2E_BASE_URL, E2E_DATA_DIR, E2E_SERVER_PID, E2E_SMTP_PORT } = process.env;
  if (!E2E_BASE_URL || !E2E_DATA_DIR || !E2E_SERVER_PID) {
    throw new Error('E2E_BASE_URL, E2E_DATA_DIR and E2E_SERVER_PID are set by e2e/global-setup.ts');
  }
  return {
    baseUrl: E2E_BASE_URL,
    dataDir: E2E_DATA_DIR,
    pid: Number(E2E_SERVER_PID),
    smtpPort: E2E_SMTP_PORT ?? '0',
  };
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

/**
 * global-teardown.ts stops the pid in the state file; point it at the new process. If another run
 * has taken the state file meanwhile, stop the new process when this worker exits instead, so it
 * is not left running.
 */
function recordPid(dataDir: string, pid: number): void {
  let recorded = false;
  try {
    const state = JSON.parse(fs.readFileSync(stateFilePath(), 'utf8')) as ServerState;
    if (state.dataDir === dataDir) {
      fs.writeFileSync(stateFilePath(), JSON.stringify({ ...state, pid }));
      recorded = true;
    }
  } catch {
    // No readable state file: fall through to the exit hook.
  }
  if (!recorded) {
    process.once('exit', () => {
      if (isRunning(pid)) process.kill(pid, 'SIGTERM');
    });
  }
}

/** Stops this run's server with SIGTERM (a graceful shutdown) and waits until the process is gone. */
export async function stopServer(): Promise<void> {
  const { pid } = thisRunsServer();
  if (!pid || !isRunning(pid)) return;
  process.kill(pid, 'SIGTERM');
  await waitUntil(() => !isRunning(pid), STOP_TIMEOUT_MS, `server ${pid} to exit`);
}

/**
 * Starts this run's server again on the same address, SMTP port and data folder, as an operator
 * restarting it would, and waits until it answers.
 */
export async function startServer(): Promise<void> {
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
    },
    // It must outlive the test worker that started it, so it writes to a file rather than a pipe.
    detached: true,
    stdio: ['ignore', log, log],
  });
  child.unref();
  fs.closeSync(log);
  const pid = child.pid ?? 0;
  process.env.E2E_SERVER_PID = String(pid);
  recordPid(server.dataDir, pid);
  await waitUntil(() => isHealthy(server.baseUrl), START_TIMEOUT_MS, `the server on ${server.baseUrl}`);
}

export async function restartServer(): Promise<void> {
  await stopServer();
  await startServer();
}
