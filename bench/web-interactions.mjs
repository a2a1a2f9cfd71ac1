#!/usr/bin/env node
/* global window, document, MutationObserver */
// How the inbox answers a click (issue 17): the next or previous page, another sort, a search. For
// each, the time from the click to the new rows on screen, and from the server's answer (the API
// response's end, in the page's own clock) to the rows; whether the rows came from the cache before
// the server answered (a page or sort seen before); whether the list went blank in between.
// Production build on PGlite (or BENCH_DATABASE_URL), signed in, an inbox of WEB_MESSAGES (20000)
// messages, Debian Chromium at 1280×800; WEB_ROUNDS (10) of each action; p50 and p95 are printed.
// Target (issue 17): new rows under 150 ms after the server answers, and never a blank list.
import { chromium } from 'playwright-core';
import { percentile, table } from './lib.mjs';
import { envInt, loadAverage, signInInBrowser } from './harness.mjs';
import { PLANTED, prepareWebMailbox } from './fill-mailbox.mjs';

const COUNT = envInt('WEB_MESSAGES', 20_000);
const ROUNDS = envInt('WEB_ROUNDS', 10);
const ROW = '[data-testid="message-row"]';

const { database, server } = await prepareWebMailbox(COUNT, 'bench-web@postline.local');

const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run'],
});

/** In the page: from now, note when an answer of `apiPart` ends and when the first row changes. */
function watchList({ apiPart, row }) {
  const firstRow = () => document.querySelector(row)?.textContent ?? '';
  const before = firstRow();
  performance.clearResourceTimings();
  const watch = { start: performance.now(), answeredAt: null, shownAt: null, blank: false };
  window.__watch = watch;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries())
      // The first answer after the click: the one asked for the new rows.
      if (entry.name.includes(apiPart) && entry.startTime >= watch.start && watch.answeredAt === null)
        watch.answeredAt = entry.responseEnd;
  }).observe({ type: 'resource' });
  const observer = new MutationObserver(() => {
    if (document.querySelectorAll(row).length === 0) watch.blank = true;
    else if (watch.shownAt === null && firstRow() !== before) {
      watch.shownAt = performance.now();
      observer.disconnect();
    }
  });
  observer.observe(document.body, { childList: true, subtree: true, characterData: true });
}

/**
 * Runs `act` while watching; resolves with the click-to-rows time, the answer-to-rows time (null
 * when the rows came from the cache before the server answered), the server's time and blankness.
 */
async function measure(page, apiPart, act) {
  await page.evaluate(watchList, { apiPart, row: ROW });
  await act();
  await page.waitForFunction(() => window.__watch.shownAt !== null, null, { timeout: 30_000 });
  // The server is asked even when the rows came from the cache first; wait for its answer too.
  await page.waitForFunction(() => window.__watch.answeredAt !== null, null, { timeout: 30_000 });
  const watch = await page.evaluate(() => window.__watch);
  const fromCache = watch.shownAt < watch.answeredAt;
  return {
    click: watch.shownAt - watch.start,
    render: fromCache ? null : watch.shownAt - watch.answeredAt,
    answer: watch.answeredAt - watch.start,
    fromCache,
    blank: watch.blank,
  };
}

const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
const page = await context.newPage();
await signInInBrowser(page, server.base, 'bench-web@postline.local', '벤치');
await page.goto(`${server.base}/mailbox/inbox`);
await page.locator(ROW).first().waitFor();

const pager = page.getByRole('navigation', { name: '페이지 이동' });
const searchBox = page.getByRole('searchbox', { name: '메일 빠른 검색' });
const ACTIONS = [
  {
    name: 'next / previous page',
    apiPart: '/api/v1/messages?',
    act: (round) =>
      pager.getByRole('button', { name: round % 2 === 0 ? '다음 페이지' : '이전 페이지' }).click(),
  },
  {
    name: 'sort: subject / date',
    apiPart: '/api/v1/messages?',
    act: async (round) => {
      await page.getByRole('button', { name: /^정렬:/ }).click();
      await page
        .getByRole('list', { name: '정렬' })
        .getByRole('button', { name: round % 2 === 0 ? /^제목/ : /^받은 날짜/ })
        .click();
    },
  },
  {
    name: 'search (search box, Enter)',
    apiPart: '/api/v1/messages/search',
    act: async (round) => {
      await searchBox.fill(round % 2 === 0 ? PLANTED.koreanSelective : PLANTED.latinSelective);
      await searchBox.press('Enter');
    },
  },
];

const rows = [];
try {
  for (const action of ACTIONS) {
    const runs = [];
    for (let round = 0; round < ROUNDS; round += 1)
      runs.push(await measure(page, action.apiPart, () => action.act(round)));
    const p = (key, q) => {
      const values = runs
        .map((r) => r[key])
        .filter((v) => v !== null)
        .sort((a, b) => a - b);
      return values.length === 0 ? '–' : percentile(values, q).toFixed(0);
    };
    rows.push({
      action: action.name,
      'click → rows p50 (ms)': p('click', 50),
      'server answer p50 (ms)': p('answer', 50),
      'answer → rows p50 (ms)': p('render', 50),
      'answer → rows p95 (ms)': p('render', 95),
      'rows from the cache first': `${runs.filter((r) => r.fromCache).length} of ${runs.length}`,
      'blank in between': `${runs.filter((r) => r.blank).length} of ${runs.length}`,
    });
  }
} finally {
  await browser.close();
  await server.stop();
  await database.cleanup();
}
console.log(`\nInbox of ${COUNT} messages, ${ROUNDS} rounds per action, 1280×800, load ${loadAverage()}:`);
console.log(table(rows));
