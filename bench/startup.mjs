#!/usr/bin/env node
// Start to /api/v1/ready on PGlite: the very first run (a new data folder) and a restart on an
// existing one. Targets (issue 2): under 6 s first, under 2 s after.
import fs from 'node:fs';
import { startServer, table, tempDir } from './lib.mjs';

const runs = Number(process.env.RUNS ?? 3);
const rows = [];
for (let i = 0; i < runs; i += 1) {
  const dataDir = tempDir();
  const first = await startServer({ dataDir });
  await first.stop();
  const again = await startServer({ dataDir });
  await again.stop();
  rows.push({
    run: i + 1,
    'first start (ms)': first.readyMs.toFixed(0),
    'existing folder (ms)': again.readyMs.toFixed(0),
  });
  fs.rmSync(dataDir, { recursive: true, force: true });
}
console.log(table(rows));
