#!/usr/bin/env node
// The message list (issue 3 (b)): GET /api/v1/messages?mailboxType=INBOX&page=N&size=20 in a
// 100,000-message inbox: the maximum throughput (closed loop), then fixed offered rates up to 500
// requests per second (open loop), then deep pages on their own. Target: p99 under 20 ms at 500/s.
// The server's and this client's CPU use are shown: on a shared machine they say who was starved.
//
// Sizes: LIST_MESSAGES (100000), LIST_RATES (100,250,500), LIST_SECONDS (10 per rate), LIST_PAGES
// (pages 0..N-1 the load picks from, 50), LIST_CONCURRENCY (closed loop workers, 16),
// LIST_MAX_SECONDS (5), LIST_DEEP (deep-page samples, 50; also the first-page and cursor samples),
// LIST_SORTS (the sorts whose first and last pages by cursor are compared: receivedAt,desc;
// subject,asc; from,asc; size,desc), LIST_PAGING_ONLY=1 (only that comparison, no load).
import { percentile, table } from './lib.mjs';
import {
  benchDatabase,
  envInt,
  envList,
  loadAverage,
  machineLine,
  mockLogin,
  ms,
  sorted,
  startBenchServer,
  withCpu,
} from './harness.mjs';
import { prepareBigMailbox } from './fill-mailbox.mjs';
import { closedLoop, httpPool, openLoop, sequential, timedGet } from './http-load.mjs';

const COUNT = envInt('LIST_MESSAGES', 100_000);
const RATES = envList('LIST_RATES', [100, 250, 500]);
const SECONDS = envInt('LIST_SECONDS', 10);
const PAGES = envInt('LIST_PAGES', 50);
const CONCURRENCY = envInt('LIST_CONCURRENCY', 16);
const MAX_SECONDS = envInt('LIST_MAX_SECONDS', 5);
const DEEP = envInt('LIST_DEEP', 50);
const SORTS = (process.env.LIST_SORTS ?? 'receivedAt,desc;subject,asc;from,asc;size,desc').split(';');
const PAGING_ONLY = process.env.LIST_PAGING_ONLY === '1';

const listPath = (page, sort = 'receivedAt,desc') =>
  `/api/v1/messages?mailboxType=INBOX&page=${page}&size=20&sort=${encodeURIComponent(sort)}`;
// A fixed pseudo-random walk over the first pages, the same in every run.
const pageFor = (i) => (i * 7919) % PAGES;

const database = await benchDatabase();
console.log(machineLine(database.label));
console.log(
  `sizes: ${COUNT} messages, ${RATES.join('/')} req/s for ${SECONDS} s each over pages 0..${PAGES - 1}, closed loop ${CONCURRENCY} workers for ${MAX_SECONDS} s`,
);
const { server, token } = await prepareBigMailbox({
  database,
  start: () => startBenchServer(database),
  login: (s) => mockLogin(s.base, 'bench-list@postline.local', '벤치'),
  count: COUNT,
  log: (line) => console.log(line),
});
const pool = httpPool(server.base, 128);
try {
  const first = await sequential({ pool, token, count: 1, pathFor: () => listPath(0) });
  const page = JSON.parse(first.lastBody).data;
  console.log(`inbox holds ${page.totalElements} messages; a page has ${page.content.length}`);
  const rows = [];
  const lastPage = Math.max(0, Math.ceil(page.totalElements / 20) - 1);
  if (!PAGING_ONLY) await measureLoad(rows, lastPage);

  // Keyset (issue 14), for each sort: the cursor that leads to the last page, taken once from the
  // page before it (reached by offset), against the first page.
  const keysetRows = [];
  for (const sort of SORTS) {
    const beforeLast = JSON.parse(
      (await timedGet(pool, listPath(Math.max(0, lastPage - 1), sort), token)).body,
    ).data;
    const samples = [
      [`${sort}: first page (no cursor)`, () => listPath(0, sort)],
      [
        `${sort}: last page by cursor (nextCursor of page ${lastPage - 1})`,
        () => `${listPath(lastPage, sort)}&cursor=${beforeLast.nextCursor}`,
      ],
    ];
    for (const [run, pathFor] of samples) {
      const result = await sequential({ pool, token, count: DEEP, pathFor });
      const l = sorted(result.latencies);
      keysetRows.push({
        run,
        requests: l.length,
        'rows on the page': JSON.parse(result.lastBody).data.content.length,
        'p50 (ms)': ms(percentile(l, 50)),
        'p99 (ms)': ms(percentile(l, 99)),
        'max (ms)': ms(l.at(-1)),
        load: loadAverage(),
      });
    }
  }
  if (!PAGING_ONLY) {
    console.log('\nGET /api/v1/messages?mailboxType=INBOX&page=N&size=20:');
    console.log(table(rows));
  }
  console.log('\nFirst page against the last page by keyset cursor:');
  console.log(table(keysetRows));
} finally {
  await pool.close();
  await server.stop();
  await database.cleanup();
}
console.log(`\nload after: ${loadAverage()}`);

/** The throughput runs and the deep pages by offset, into rows. */
async function measureLoad(rows, lastPage) {
  await closedLoop({ pool, token, concurrency: 4, seconds: 2, pathFor: (i) => listPath(pageFor(i)) });

  const cpuColumns = (cpu, answered) => ({
    'Node server CPU (cores)': cpu.serverCores.toFixed(2),
    // CPU time per request hardly depends on how busy the machine is; 1000 / it is one core's ceiling.
    'Node CPU ms per request': ((cpu.serverCores * cpu.seconds * 1000) / Math.max(1, answered)).toFixed(2),
    'PostgreSQL CPU (cores)': Number.isFinite(cpu.databaseCores) ? cpu.databaseCores.toFixed(2) : 'n/a',
    'bench client CPU': cpu.clientCores.toFixed(2),
    load: loadAverage(),
  });
  const closed = await withCpu(
    server.child.pid,
    () =>
      closedLoop({
        pool,
        token,
        concurrency: CONCURRENCY,
        seconds: MAX_SECONDS,
        pathFor: (i) => listPath(pageFor(i)),
      }),
    database.url,
  );
  const c = sorted(closed.result.latencies);
  rows.push({
    run: `max throughput, ${CONCURRENCY} workers, ${MAX_SECONDS} s`,
    requests: c.length + closed.result.failures,
    failed: closed.result.failures,
    'achieved req/s': closed.result.perSecond.toFixed(0),
    'p50 (ms)': ms(percentile(c, 50)),
    'p99 (ms)': ms(percentile(c, 99)),
    'max (ms)': ms(c.at(-1)),
    ...cpuColumns(closed, c.length),
  });

  for (const rate of RATES) {
    const open = await withCpu(
      server.child.pid,
      () => openLoop({ pool, token, rate, seconds: SECONDS, pathFor: (i) => listPath(pageFor(i)) }),
      database.url,
    );
    const o = sorted(open.result.latencies);
    rows.push({
      run: `open loop ${rate} req/s, ${SECONDS} s`,
      requests: open.result.total,
      failed: open.result.failures,
      'achieved req/s': (o.length / (open.result.wallMs / 1000)).toFixed(0),
      'p50 (ms)': ms(percentile(o, 50)),
      'p99 (ms)': ms(percentile(o, 99)),
      'max (ms)': ms(o.at(-1)),
      ...cpuColumns(open, o.length),
    });
    if (open.result.firstError) console.log(`first failure at ${rate} req/s: ${open.result.firstError}`);
  }

  const deep = await sequential({
    pool,
    token,
    count: DEEP,
    pathFor: (i) => listPath(Math.max(0, lastPage - (i % 10))),
  });
  const d = sorted(deep.latencies);
  rows.push({
    run: `deep pages (last 10, ~offset ${lastPage * 20}), one at a time`,
    requests: d.length,
    failed: 0,
    'achieved req/s': (d.length / (d.reduce((a, b) => a + b, 0) / 1000)).toFixed(0),
    'p50 (ms)': ms(percentile(d, 50)),
    'p99 (ms)': ms(percentile(d, 99)),
    'max (ms)': ms(d.at(-1)),
    'Node server CPU (cores)': '',
    'Node CPU ms per request': '',
    'PostgreSQL CPU (cores)': '',
    'bench client CPU': '',
    load: loadAverage(),
  });
}
