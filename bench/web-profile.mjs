#!/usr/bin/env node
// Where a cold signed-in load of the inbox spends its CPU (issue 17, mobile Lighthouse): Debian
// Chromium at 390×844 with the CPU slowed 4× (as Lighthouse's mobile preset), a CPU profile of
// PROFILE_RUNS (3) loads of PROFILE_PATH (/mailbox/inbox) until the first row shows and 1.5 s after,
// its self time mapped through the build's source maps to our sources and packages, averaged per
// load. Production build (`npm run build` first), PGlite, PROFILE_MESSAGES (2000) messages.
// PROFILE_FILTER (a regular expression) also lists every function whose place matches it.
import fs from 'node:fs';
import path from 'node:path';
import { TraceMap, originalPositionFor } from '@jridgewell/trace-mapping';
import { chromium } from 'playwright-core';
import { envInt, signInInBrowser } from './harness.mjs';
import { prepareWebMailbox } from './fill-mailbox.mjs';
import { root } from './lib.mjs';

const RUNS = envInt('PROFILE_RUNS', 3);
const PAGE = process.env.PROFILE_PATH ?? '/mailbox/inbox';
const EMAIL = 'bench-profile@postline.local';
const dist = path.join(root, 'apps/web/dist');

const { database, server } = await prepareWebMailbox(envInt('PROFILE_MESSAGES', 2000), EMAIL);
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });

const maps = new Map();
function mapOf(url) {
  const file = path.join(dist, new URL(url).pathname);
  if (!maps.has(file))
    maps.set(
      file,
      fs.existsSync(`${file}.map`) ? new TraceMap(fs.readFileSync(`${file}.map`, 'utf8')) : null,
    );
  return maps.get(file);
}

/** "function source:line" of a profile node, in our sources where a map says where it came from. */
function placeOf({ functionName, url, lineNumber, columnNumber }) {
  const map = url.includes('/assets/') ? mapOf(url) : null;
  const found = map ? originalPositionFor(map, { line: lineNumber + 1, column: columnNumber }) : null;
  if (!found?.source) return { name: functionName || '(anonymous)', file: url ? new URL(url).pathname : '' };
  const file = found.source.replace(/.*node_modules\//, '').replace(/.*\/src\//, 'src/');
  return { name: found.name ?? functionName ?? '(anonymous)', file: `${file}:${found.line}` };
}

const byPlace = new Map();
const byFile = new Map();
try {
  const signIn = await browser.newContext();
  await signInInBrowser(await signIn.newPage(), server.base, EMAIL, '벤치');
  const storageState = await signIn.storageState();
  await signIn.close();
  for (let run = 0; run < RUNS; run += 1) {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, storageState });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
    await cdp.send('Profiler.start');
    await page.goto(`${server.base}${PAGE}`);
    await page.waitForSelector('main h1, main h2, [data-testid="message-row"]', { timeout: 60_000 });
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(1500);
    const { profile } = await cdp.send('Profiler.stop');
    const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
    profile.samples.forEach((id, i) => {
      const place = placeOf(nodes.get(id).callFrame);
      const ms = (profile.timeDeltas[i] ?? 0) / 1000 / RUNS;
      const key = `${place.name} ${place.file}`;
      byPlace.set(key, (byPlace.get(key) ?? 0) + ms);
      const file = place.file.replace(/:\d+$/, '');
      byFile.set(file, (byFile.get(file) ?? 0) + ms);
    });
    await context.close();
  }
} finally {
  await browser.close();
  await server.stop();
  await database.cleanup();
}
const top = (map, count) =>
  [...map]
    .sort((a, b) => b[1] - a[1])
    .slice(0, count)
    .map(([place, ms]) => `${ms.toFixed(1).padStart(8)} ms  ${place}`)
    .join('\n');
console.log(
  `\nSelf time per load of ${PAGE}, ${RUNS} loads, CPU 4× slower, by function:\n${top(byPlace, 30)}`,
);
console.log(`\nBy file or package:\n${top(byFile, 25)}`);
if (process.env.PROFILE_FILTER) {
  const filter = new RegExp(process.env.PROFILE_FILTER);
  const matching = new Map([...byPlace].filter(([place]) => filter.test(place)));
  console.log(`\nMatching ${filter}:\n${top(matching, 40)}`);
}
