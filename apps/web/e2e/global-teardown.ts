import fs from 'node:fs';
import { stateFilePath, type ServerState } from './server-process';

const STOP_TIMEOUT_MS = 10_000;

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Stops the server started by global-setup.ts and removes its data folder. */
export default async function globalTeardown(): Promise<void> {
  if (!process.env.E2E_STATE_FILE || !fs.existsSync(stateFilePath())) return;
  const state = JSON.parse(fs.readFileSync(stateFilePath(), 'utf8')) as ServerState;
  if (state.pid && isRunning(state.pid)) {
    process.kill(state.pid, 'SIGTERM');
    const deadline = Date.now() + STOP_TIMEOUT_MS;
    while (isRunning(state.pid) && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    if (isRunning(state.pid)) process.kill(state.pid, 'SIGKILL');
  }
  fs.rmSync(state.dataDir, { recursive: true, force: true });
  fs.rmSync(stateFilePath(), { force: true });
  fs.rmSync(`${stateFilePath()}.restarted.log`, { force: true });
  fs.rmSync(`${state.dataDir}.log`, { force: true });
}
