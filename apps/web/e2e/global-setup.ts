import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net, { type AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { repoRoot, serverEntry, stateFilePath, webDist, type ServerState } from './server-process';

// Generous: a loaded 2-core CI machine may take a while to start the server.
const START_TIMEOUT_MS = 90_000;
const LISTENING = /listening on (http:\/\/[^\s"]+)/;
const SMTP_LISTENING = /smtp listening on /;

/** A port nothing listens on right now, for the server's inbound SMTP. */
async function freePort(): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

/**
 * Starts the production server (`node apps/server/dist/server.js`) on a free port with a fresh
 * data folder, waits for its "listening on" log lines (HTTP and SMTP) and hands both addresses to
 * the tests: E2E_BASE_URL, and E2E_SMTP_PORT for tests that deliver mail over SMTP.
 */
export default async function globalSetup(): Promise<void> {
  for (const [file, hint] of [
    [serverEntry, 'build the server first (npm run build -w apps/server)'],
    [path.join(webDist, 'index.html'), 'build the web app first (cd apps/web && npx vite build)'],
  ] as const) {
    if (!fs.existsSync(file)) throw new Error(`${file} is missing: ${hint}`);
  }

  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'postline-e2e-'));
  const smtpPort = await freePort();
  const child = spawn(process.execPath, [serverEntry], {
    cwd: repoRoot,
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      SMTP_PORT: String(smtpPort),
      DATA_DIR: dataDir,
      NODE_ENV: 'test',
      AUTH_MOCK_LOGIN: 'true',
      // Mail goes at once, as the journeys before issue 36 expect; the undo journey chooses its
      // delay on the settings page. Scheduled mail is looked for every second at the latest.
      UNDO_SEND_DEFAULT_SECONDS: '0',
      OUTBOX_POLL_SECONDS: '1',
      // NODE_ENV=test lowers the server's log level to warn; the "listening on" line is info.
      LOG_LEVEL: 'info',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });

  let output = '';
  const listening = new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGTERM');
      reject(new Error(`server did not report "listening on" within ${START_TIMEOUT_MS} ms:\n${output}`));
    }, START_TIMEOUT_MS);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const lines = output.split('\n');
      const address = lines.map((line) => LISTENING.exec(line)?.[1]).find(Boolean);
      if (address && lines.some((line) => SMTP_LISTENING.test(line))) {
        clearTimeout(timer);
        resolve(address);
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

  // Stop collecting and keep the rest in a file beside the data folder (read when a stop times out),
  // so a chatty server never blocks on a full pipe.
  child.stdout.removeAllListeners('data');
  child.stderr.removeAllListeners('data');
  const log = fs.createWriteStream(`${dataDir}.log`);
  log.write(output);
  child.stdout.pipe(log);
  child.stderr.pipe(log);
  child.removeAllListeners('exit');

  process.env.E2E_BASE_URL = baseUrl;
  // For e2e/server-control.ts, which restarts the server on the same ports.
  process.env.E2E_SMTP_PORT = String(smtpPort);
  const state: ServerState = { pid: child.pid ?? 0, dataDir, baseUrl };
  process.env.E2E_STATE_FILE = `${dataDir}.json`;
  fs.mkdirSync(path.dirname(stateFilePath()), { recursive: true });
  fs.writeFileSync(stateFilePath(), JSON.stringify(state));
}
