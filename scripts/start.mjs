#!/usr/bin/env node
// `npm start`: builds what is missing or stale, then runs the server on http://localhost:8082
// with the embedded database in ./data and mock login on (a demo user signs in with any e-mail).
import { execSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

function newestMtime(dir) {
  let newest = 0;
  if (!fs.existsSync(dir)) return newest;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : fs.statSync(full).mtimeMs);
  }
  return newest;
}

function stale(output, ...sources) {
  if (!fs.existsSync(output)) return true;
  const built = fs.statSync(output).mtimeMs;
  return sources.some((src) => newestMtime(path.join(root, src)) > built);
}

const serverEntry = path.join(root, 'apps/server/dist/server.js');
const webEntry = path.join(root, 'apps/web/dist/index.html');
if (stale(webEntry, 'apps/web/src', 'apps/web/public', 'packages/shared/src')) {
  console.log('Building the web app…');
  execSync('npm run build -w apps/web', { cwd: root, stdio: 'inherit' });
}
if (stale(serverEntry, 'apps/server/src', 'packages/shared/src')) {
  console.log('Building the server…');
  execSync('npx tsc -b apps/server', { cwd: root, stdio: 'inherit' });
}

const child = spawn(process.execPath, [serverEntry], {
  cwd: root,
  stdio: 'inherit',
  env: { NODE_ENV: 'development', ...process.env },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code) => process.exit(code ?? 0));
