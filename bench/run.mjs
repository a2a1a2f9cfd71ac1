#!/usr/bin/env node
// `npm run bench`: builds the server, then runs every benchmark one after another (never two at
// once: they would measure each other). Each prints its own tables; a failing one does not stop
// the rest. BENCH_ONLY=smtp-delivery,search picks some; BENCH_SKIP_BUILD=1 uses dist as it is.
// Every size variable of the scripts passes through (see the top of each script), as does
// BENCH_DATABASE_URL (PostgreSQL instead of PGlite).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { root, serverEntry } from './lib.mjs';

const BENCHMARKS = [
  'startup',
  'login-bundle',
  'web-routes', // this, web-interactions and lighthouse read the web app's build: run `npm run build` first
  'web-interactions',
  'lighthouse',
  'smtp-delivery',
  'smtp-memory',
  'smtp-peer', // says what is missing and exits 0 without Postfix and Dovecot LMTP (or not as root)
  'sender-checks',
  'message-list',
  'search',
  'contacts-suggest',
  'attachments',
  'realtime',
];

const only = (process.env.BENCH_ONLY ?? '')
  .split(',')
  .map((s) => s.trim())
  .filter(Boolean);
const unknown = only.filter((name) => !BENCHMARKS.includes(name));
if (unknown.length > 0) {
  console.error(`unknown benchmark(s): ${unknown.join(', ')}; known: ${BENCHMARKS.join(', ')}`);
  process.exit(2);
}
const selected = only.length > 0 ? BENCHMARKS.filter((name) => only.includes(name)) : BENCHMARKS;

if (!process.env.BENCH_SKIP_BUILD) {
  console.log('building the server: npx tsc -b apps/server');
  const build = spawnSync('npx', ['tsc', '-b', 'apps/server'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) console.log('warning: the build reported errors; dist may not match the sources');
}
if (!fs.existsSync(serverEntry)) {
  console.error(`${path.relative(root, serverEntry)} is missing: build the server first`);
  process.exit(1);
}

const results = [];
for (const name of selected) {
  console.log(`\n=== ${name} ===`);
  const started = performance.now();
  const child = spawnSync(process.execPath, [path.join(root, 'bench', `${name}.mjs`)], {
    cwd: root,
    stdio: 'inherit',
    env: process.env,
  });
  const seconds = ((performance.now() - started) / 1000).toFixed(0);
  results.push({
    name,
    status: child.status === 0 ? 'ok' : `failed (${child.status ?? child.signal})`,
    seconds,
  });
}

console.log('\n=== summary ===');
for (const r of results) console.log(`${r.name.padEnd(14)} ${r.status.padEnd(12)} ${r.seconds} s`);
process.exit(results.every((r) => r.status === 'ok') ? 0 : 1);
