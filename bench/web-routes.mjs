#!/usr/bin/env node
/* global window, document, MutationObserver */
// What each screen of the web app costs a visitor on a cold cache (issue 17): the JavaScript it
// loads (bytes on the wire, as served, and gzip -9 of the same files for comparison with other web
// mail), everything else it loads, and when it paints: first contentful paint and the moment its
// content is there (the inbox's first row, the message's subject…), from navigation start.
// Production build on PGlite, signed in, an inbox of WEB_MESSAGES (20000) messages, Debian
// Chromium at 1280×800. Each route is loaded WEB_RUNS (3) times in a fresh browser context (empty
// cache, the session copied in); medians are printed. WEB_TIMELINE=1 prints each request's start.
import zlib from 'node:zlib';
import { chromium } from 'playwright-core';
import { percentile, table } from './lib.mjs';
import { api, envInt, signInInBrowser } from './harness.mjs';
import { prepareWebMailbox } from './fill-mailbox.mjs';

const COUNT = envInt('WEB_MESSAGES', 20_000);
const RUNS = envInt('WEB_RUNS', 3);
const TIMELINE = process.env.WEB_TIMELINE === '1';

const { database, server, token } = await prepareWebMailbox(COUNT, 'bench-web@postline.local');
const page0 = await api(server.base, token, 'GET', '/api/v1/messages?mailboxType=INBOX&page=0&size=20');
const messageId = page0.content[0].id;

/** Each route, whether it needs the session, and what shows that its content is there. */
const ROUTES = [
  { path: '/login', signedIn: false, ready: 'form button' },
  { path: '/dashboard', signedIn: true, ready: 'main h1, main h2' },
  { path: '/mailbox/inbox', signedIn: true, ready: '[data-testid="message-row"]' },
  { path: `/message/${messageId}`, signedIn: true, ready: 'main h1, main h2' },
  { path: '/compose', signedIn: true, ready: 'main input' },
  { path: '/filters', signedIn: true, ready: 'main h1, main h2' },
];

const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run'],
});

/** Records FCP and when `selector` first matches, both in the page's own clock. */
function observePaint(selector) {
  const marks = { fcp: null, ready: null };
  window.__benchMarks = marks;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries())
      if (entry.name === 'first-contentful-paint') marks.fcp = entry.startTime;
  }).observe({ type: 'paint', buffered: true });
  const check = () => {
    if (marks.ready === null && document.querySelector(selector)) marks.ready = performance.now();
  };
  new MutationObserver(check).observe(document, { childList: true, subtree: true });
}

async function signedInState() {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signInInBrowser(page, server.base, 'bench-web@postline.local', '벤치');
  const state = await context.storageState();
  await context.close();
  return state;
}

async function loadOnce(route, state) {
  const context = await browser.newContext({
    viewport: { width: 1280, height: 800 },
    ...(route.signedIn ? { storageState: state } : {}),
  });
  const page = await context.newPage();
  await page.addInitScript(observePaint, route.ready);
  const requests = [];
  page.on('requestfinished', (request) => requests.push(request));
  const started = Date.now();
  await page.goto(`${server.base}${route.path}`);
  await page.waitForFunction(
    () => window.__benchMarks.ready !== null && window.__benchMarks.fcp !== null,
    null,
    {
      timeout: 30_000,
    },
  );
  await page.waitForLoadState('networkidle');
  const marks = await page.evaluate(() => window.__benchMarks);
  const files = [];
  for (const request of requests) {
    const sizes = await request.sizes();
    const response = await request.response();
    const type = request.resourceType();
    const body = type === 'script' && response ? await response.body() : null;
    files.push({
      url: new URL(request.url()).pathname,
      type,
      wire: sizes.responseBodySize,
      gzip: body ? zlib.gzipSync(body, { level: 9 }).length : 0,
      start: request.timing().startTime - started,
    });
  }
  await context.close();
  return { marks, files };
}

const rows = [];
const state = await signedInState();
try {
  for (const route of ROUTES) {
    const runs = [];
    for (let i = 0; i < RUNS; i += 1) runs.push(await loadOnce(route, state));
    const median = (pick) =>
      percentile(
        runs.map(pick).sort((a, b) => a - b),
        50,
      );
    const sum = (files, type, key) =>
      files.filter((f) => type === null || f.type === type).reduce((n, f) => n + f[key], 0);
    const last = runs[runs.length - 1];
    if (TIMELINE) {
      console.log(`\n${route.path}`);
      for (const f of last.files.sort((a, b) => a.start - b.start))
        console.log(
          `  ${f.start.toFixed(0).padStart(6)} ms  ${f.type.padEnd(10)} ${(f.wire / 1024).toFixed(1).padStart(7)} kB  ${f.url}`,
        );
    }
    const scripts = last.files.filter((f) => f.type === 'script');
    rows.push({
      route: route.path.startsWith('/message/') ? '/message/{id}' : route.path,
      'JS files': scripts.length,
      'JS on the wire (kB)': (sum(last.files, 'script', 'wire') / 1024).toFixed(1),
      'JS gzip -9 (kB)': (sum(last.files, 'script', 'gzip') / 1024).toFixed(1),
      'all bytes (kB)': (sum(last.files, null, 'wire') / 1024).toFixed(1),
      requests: last.files.length,
      'FCP p50 (ms)': median((r) => r.marks.fcp).toFixed(0),
      'content p50 (ms)': median((r) => r.marks.ready).toFixed(0),
    });
  }
} finally {
  await browser.close();
  await server.stop();
  await database.cleanup();
}
console.log(`\nCold loads, ${RUNS} runs per route, ${COUNT} messages in the inbox, 1280×800:`);
console.log(table(rows));
