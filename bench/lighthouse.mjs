#!/usr/bin/env node
// Lighthouse (the npm package) over the production build in Debian Chromium (issue 17): /login,
// /dashboard, /mailbox/inbox with LH_MESSAGES (20000) messages, /message/{id}, /compose and
// /filters, signed in, with the desktop and the mobile preset, LH_RUNS (3) runs each; prints the
// medians of the four scores, FCP, LCP, TBT and CLS. Each run starts from an empty HTTP cache; the
// session stays in local storage (disableStorageReset), as it does for a returning user.
// Targets: performance ≥ 95 desktop / ≥ 90 mobile, accessibility and best practices 100, CLS < 0.05.
// LH_PRESETS (desktop,mobile) and LH_ROUTES (all; names as printed, comma-separated) narrow a run;
// LH_LANGUAGE (ko) is the language the visitor chose before, as the web app keeps it.
// LH_CPU_SLOWDOWN replaces the preset's CPU multiplier (mobile 4, desktop 1): to see what a machine
// of another CPU index would score, scale the preset's by this machine's index over that one's (the
// index is printed; Lighthouse simulates the slowdown on the durations it observes, so a faster
// machine scores higher at the same multiplier).
// WEB_BUILDS (bench/web-builds.mjs) serves several builds over the same mailbox: each run of a
// route goes to every build in turn (A B A B…), so that load and machine hit them alike; every row
// names its build and the load average when its runs ended. "JS (kB)" is the scripts' bytes on
// the wire (the server sends brotli), from Lighthouse's resource summary.
import fs from 'node:fs';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { desktopConfig } from 'lighthouse';
import puppeteer from 'puppeteer-core';
import { percentile, table } from './lib.mjs';
import { api, envInt, envNumber, loadAverage } from './harness.mjs';
import { prepareWebMailbox } from './fill-mailbox.mjs';
import { serveBuilds, webBuildsFromEnv } from './web-builds.mjs';

const COUNT = envInt('LH_MESSAGES', 20_000);
const RUNS = envInt('LH_RUNS', 3);
const PRESETS = (process.env.LH_PRESETS ?? 'desktop,mobile').split(',');
/** A folder to keep each run's whole report in (LH_DUMP), for reading its diagnostics. */
const DUMP = process.env.LH_DUMP;
if (DUMP) fs.mkdirSync(DUMP, { recursive: true });
const EMAIL = 'bench-lighthouse@postline.local';
const LANGUAGE = process.env.LH_LANGUAGE ?? 'ko';
const CPU_SLOWDOWN = envNumber('LH_CPU_SLOWDOWN', 0);

const builds = webBuildsFromEnv();
const prepared = await prepareWebMailbox(COUNT, EMAIL);
const { database, token } = prepared;
const first = await api(
  prepared.server.base,
  token,
  'GET',
  '/api/v1/messages?mailboxType=INBOX&page=0&size=20',
);
const ROUTES = [
  { name: '/login', path: '/login', signedIn: false },
  { name: '/dashboard', path: '/dashboard', signedIn: true },
  { name: '/mailbox/inbox', path: '/mailbox/inbox', signedIn: true },
  { name: '/message/{id}', path: `/message/${first.content[0].id}`, signedIn: true },
  { name: '/compose', path: '/compose', signedIn: true },
  { name: '/filters', path: '/filters', signedIn: true },
].filter((route) => !process.env.LH_ROUTES || process.env.LH_ROUTES.split(',').includes(route.name));

const { served, stop } = await serveBuilds(database, prepared.server, builds);
const chrome = await chromeLauncher.launch({
  chromePath: '/usr/bin/chromium',
  chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--no-first-run'],
});
const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });

/**
 * Signs in (a mock login, kept where the web app keeps its session: the auth-storage entry of local
 * storage) or out, in the browser's one profile, and empties the HTTP cache.
 */
async function setSession(server, signedIn) {
  const page = await browser.newPage();
  await page.setCookie({ name: 'postline_lang', value: LANGUAGE, url: server.base });
  await page.goto(`${server.base}/favicon.svg`);
  await page.evaluate(
    async ({ email, signedIn, language }) => {
      localStorage.clear();
      // Where the web app keeps the visitor's language (src/lib/i18n.ts), with the cookie below.
      localStorage.setItem('language', language);
      if (!signedIn) return;
      const res = await fetch('/api/v1/auth/mock-login', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email, name: '벤치' }),
      });
      const { data } = await res.json();
      const state = {
        user: data.user,
        token: data.accessToken,
        refreshToken: data.refreshToken,
        isAuthenticated: true,
      };
      localStorage.setItem('auth-storage', JSON.stringify({ state, version: 0 }));
    },
    { email: EMAIL, signedIn, language: LANGUAGE },
  );
  const cdp = await page.createCDPSession();
  await cdp.send('Network.clearBrowserCache');
  await page.close();
}

/** One row of medians over a build's runs of a route; also prints it, and what best practices miss. */
function summary(label, preset, route, results) {
  // A run Lighthouse could not measure (an error in its report) has no value; it is left out.
  const median = (pick) =>
    percentile(
      results
        .map(pick)
        .filter(Number.isFinite)
        .sort((a, b) => a - b),
      50,
    );
  const score = (category) =>
    median((lhr) => {
      const { score: value } = lhr.categories[category];
      return value === null ? NaN : Math.round(value * 100);
    });
  const audit = (id) => median((lhr) => lhr.audits[id].numericValue ?? NaN);
  const scriptBytes = (lhr) =>
    lhr.audits['resource-summary'].details.items.find((item) => item.resourceType === 'script')
      ?.transferSize ?? NaN;
  const row = {
    build: label,
    preset,
    route: route.name,
    performance: score('performance'),
    accessibility: score('accessibility'),
    'best practices': score('best-practices'),
    SEO: score('seo'),
    'FCP (ms)': audit('first-contentful-paint').toFixed(0),
    'LCP (ms)': audit('largest-contentful-paint').toFixed(0),
    'TBT (ms)': audit('total-blocking-time').toFixed(0),
    CLS: audit('cumulative-layout-shift').toFixed(3),
    'JS (kB)': (median(scriptBytes) / 1024).toFixed(1),
    // Lighthouse's own reading of the machine's speed (higher is faster): the same build scores
    // far lower on a slower or busier machine, so compare runs only at a like index.
    'CPU index': median((lhr) => lhr.environment.benchmarkIndex).toFixed(0),
    'CPU ×': median((lhr) => lhr.configSettings.throttling.cpuSlowdownMultiplier),
    load: loadAverage(),
  };
  console.log(JSON.stringify(row));
  const failed = results.filter((lhr) => lhr.runtimeError).map((lhr) => lhr.runtimeError.code);
  if (failed.length > 0) console.log(`  runs left out (Lighthouse could not measure): ${failed.join(', ')}`);
  const failing = results[0].categories['best-practices'].auditRefs
    .map((ref) => results[0].audits[ref.id])
    .filter((a) => a.score !== null && a.score < 1)
    .map((a) => {
      const kinds = new Set((a.details?.items ?? []).map((item) => item.issueType).filter(Boolean));
      return kinds.size > 0 ? `${a.id} (${[...kinds].join(', ')})` : a.id;
    });
  if (failing.length > 0) console.log(`  best practices not met: ${failing.join(', ')}`);
  return row;
}

const rows = [];
try {
  for (const preset of PRESETS) {
    for (const route of ROUTES) {
      const results = served.map(() => []);
      for (let i = 0; i < RUNS; i += 1) {
        for (const [b, { label, server }] of served.entries()) {
          await setSession(server, route.signedIn);
          const flags = { port: chrome.port, output: 'json', logLevel: 'error', disableStorageReset: true };
          // Flags are merged into the preset's settings, so only the multiplier changes.
          if (CPU_SLOWDOWN) flags.throttling = { cpuSlowdownMultiplier: CPU_SLOWDOWN };
          const { lhr } = await lighthouse(
            `${server.base}${route.path}`,
            flags,
            preset === 'desktop' ? desktopConfig : undefined,
          );
          results[b].push(lhr);
          if (DUMP) {
            const name = `${label}-${preset}-${route.path.replace(/[^a-z0-9]+/gi, '_')}-${i}.json`;
            fs.writeFileSync(path.join(DUMP, name), JSON.stringify(lhr));
          }
        }
      }
      for (const [b, { label }] of served.entries()) rows.push(summary(label, preset, route, results[b]));
    }
  }
} finally {
  await browser.disconnect();
  chrome.kill();
  await stop();
  await database.cleanup();
}
console.log(
  `\nLighthouse medians of ${RUNS} runs, ${COUNT} messages in the inbox, ended ${new Date().toISOString()}:`,
);
console.log(table(rows));
