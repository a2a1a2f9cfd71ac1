import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { repoRoot, serverEntry, stateFile, webDist, type ServerState } from './server-process';

const START_TIMEOUT_MS = 30_000;
const LISTENING = /listening on (http:\/\/[^\s"]+)/;

/**
 * Starts the production server (`node apps/server/dist/server.js`) on a free port with a fresh
 * data folder, waits for its "listening on" log line and hands the address to the tests.
 */
export default async function globalSetup(): Promise<void> {
  for (const [file, hint] of [
    [serverEntry, 'build the server first (npm run build -w apps/server)'],
    [path.join(webDist, 'index.html'), 'build the web app first (cd apps/web && npx vite build)'],
  ] as const) {
    if (!fs.existsSync(file)) throw new Error(`${file} is missing: ${hint}`);
  }

  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'postline-e2e-'));
  const child = spawn(process.execPath, [serverEntry], {
    cwd: repoRoot,
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      SMTP_PORT: '0',
      DATA_DIR: dataDir,
      NODE_ENV: 'test',
      AUTH_MOCK_LOGIN: 'true',
      // NODE_ENV=test lowers the server's log level to warn; the "listening on" line is info.
      LOG_LEVEL: 'info',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });

  const listening = new Promise<string>((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => {
      child.kill('SIGTERM');
      reject(new Error(`server did not report "listening on" within ${START_TIMEOUT_MS} ms:\n${output}`));
    }, START_TIMEOUT_MS);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      for (const line of output.split('\n')) {
        const match = LISTENING.exec(line);
        if (match?.[1]) {
          clearTimeout(timer);
          resolve(match[1]);
          return;
        }
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with code ${code} before listening:\n${output}`));
    });
  });
  let baseUrl: string;
  try {
    baseUrl = await listening;
  } catch (error) {
    fs.rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }

  // Stop collecting, but keep draining, so a chatty server never blocks on a full pipe.
  child.stdout.removeAllListeners('data');
  child.stderr.removeAllListeners('data');
  child.stdout.resume();
  child.stderr.resume();
  child.removeAllListeners('exit');

  process.env.E2E_BASE_URL = baseUrl;
  const state: ServerState = { pid: child.pid ?? 0, dataDir, baseUrl };
  fs.mkdirSync(path.dirname(stateFile), { recursive: true });
  fs.writeFileSync(stateFile, JSON.stringify(state));
}
