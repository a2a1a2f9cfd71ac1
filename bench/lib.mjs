// Helpers shared by the benchmark scripts: start the built server on free ports, wait, stop.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const serverEntry = path.join(root, 'apps/server/dist/server.js');

export function freePort() {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

export function tempDir(prefix = 'postline-bench-') {
  return fs.mkdtempSync(path.join(os.tmpdir(), prefix));
}

/** Starts the production server; resolves once /api/v1/ready answers, with the time it took. */
export async function startServer({
  dataDir,
  env = {},
  readyPath = '/api/v1/ready',
  timeoutMs = 60_000,
} = {}) {
  const port = await freePort();
  const smtpPort = env.SMTP_PORT ?? String(await freePort());
  const started = performance.now();
  const child = spawn(process.execPath, [serverEntry], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      AUTH_MOCK_LOGIN: 'true',
      LOG_LEVEL: 'warn',
      PORT: String(port),
      SMTP_PORT: smtpPort,
      DATA_DIR: dataDir,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (d) => (stderr += d));
  child.stdout.resume();
  const base = `http://127.0.0.1:${port}`;
  while (performance.now() - started < timeoutMs) {
    if (child.exitCode !== null) throw new Error(`server exited: ${stderr}`);
    try {
      const res = await fetch(base + readyPath);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 20));
  }
  const readyMs = performance.now() - started;
  return {
    base,
    port,
    smtpPort: Number(smtpPort),
    readyMs,
    child,
    async stop() {
      if (child.exitCode !== null) return;
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
    },
  };
}

export function percentile(sorted, p) {
  if (sorted.length === 0) return NaN;
  const idx = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return sorted[Math.max(0, idx)];
}

export function table(rows) {
  const cols = Object.keys(rows[0]);
  const lines = [`| ${cols.join(' | ')} |`, `| ${cols.map(() => '---').join(' | ')} |`];
  for (const row of rows) lines.push(`| ${cols.map((c) => row[c]).join(' | ')} |`);
  return lines.join('\n');
}
