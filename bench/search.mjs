#!/usr/bin/env node
// Search (issue 3 (c), issue 14): GET /api/v1/messages/search?q= (the search box) over a
// 100,000-message mailbox, for Korean and Latin words that are selective (~10 messages) or common
// (~30 %), 2-character Korean words, and a query of Gmail operators with a word.
// Targets (issue 14): p50 under 30 ms and p95 under 80 ms on PostgreSQL, p50 under 60 ms on PGlite.
//
// SEARCH_WITHOUT_INDEX=1 (PostgreSQL only) empties messages.search_vector after the fill, so the
// server answers as it did before 0012_search_index.sql (ILIKE with the trigram indexes alone):
// the "before" column, measured under the same conditions. The server fills vectors only at start.
//
// Sizes: SEARCH_MESSAGES (100000), SEARCH_REQUESTS (per word, 200), SEARCH_MAX_SECONDS (per word, 120).
import { percentile, table } from './lib.mjs';
import {
  benchDatabase,
  envInt,
  loadAverage,
  machineLine,
  mockLogin,
  ms,
  sorted,
  startBenchServer,
} from './harness.mjs';
import { PLANTED, openSqlRunner, prepareBigMailbox } from './fill-mailbox.mjs';
import { httpPool, sequential } from './http-load.mjs';

const COUNT = envInt('SEARCH_MESSAGES', 100_000);
const REQUESTS = envInt('SEARCH_REQUESTS', 200);
const MAX_MS = envInt('SEARCH_MAX_SECONDS', 120) * 1000;

const CASES = [
  ['Korean, selective', 'koreanSelective'],
  ['Latin, selective', 'latinSelective'],
  ['Korean, common', 'koreanCommon'],
  ['Latin, common', 'latinCommon'],
  ['Korean 2 characters, selective', 'korean2Selective'],
  ['Korean 2 characters, common', 'korean2Common'],
  ['Operators and a 2-character word', 'operatorQuery'],
];

const searchPath = (query) => `/api/v1/messages/search?q=${encodeURIComponent(query)}&page=0&size=20`;

const database = await benchDatabase();
console.log(machineLine(database.label));
console.log(`sizes: ${COUNT} messages, ${REQUESTS} requests per word, one at a time`);
const login = (s) => mockLogin(s.base, 'bench-list@postline.local', '벤치');
const { server, counts, koreanTrigramCount, indexSizes } = await prepareBigMailbox({
  database,
  start: () => startBenchServer(database),
  login,
  count: COUNT,
  log: (line) => console.log(line),
});
console.log(
  `pg_trgm trigrams of '${PLANTED.koreanSelective}': ${koreanTrigramCount}` +
    (koreanTrigramCount === 0 ? ' (none: Korean cannot use the trigram indexes on this database)' : ''),
);
console.log(`index sizes: ${indexSizes}`);
if (process.env.SEARCH_WITHOUT_INDEX === '1') {
  if (!database.url) throw new Error('SEARCH_WITHOUT_INDEX needs PostgreSQL: PGlite refills at start');
  const runner = await openSqlRunner(database);
  await runner.query('UPDATE messages SET search_vector = NULL');
  await runner.query('VACUUM ANALYZE messages');
  await runner.close();
  console.log('search_vector emptied: searching without the n-gram index (as before 0012)');
}
const pool = httpPool(server.base, 4);
try {
  const rows = [];
  for (const [label, key] of CASES) {
    const keyword = PLANTED[key];
    // A fresh token per word: a slow word may take minutes, and an access token lives 15.
    const { token } = await login(server);
    // Two untimed requests first: the plan and the pages it reads are then warm, as for a user.
    await sequential({ pool, token, count: 2, pathFor: () => searchPath(keyword) });
    const result = await sequential({
      pool,
      token,
      count: REQUESTS,
      pathFor: () => searchPath(keyword),
      maxMs: MAX_MS,
    });
    const page = JSON.parse(result.lastBody).data;
    const lat = sorted(result.latencies);
    rows.push({
      word: `${label}: ${keyword}`,
      'messages containing it': counts[key],
      'totalElements answered': page.totalElements,
      requests: lat.length,
      'p50 (ms)': ms(percentile(lat, 50)),
      'p95 (ms)': ms(percentile(lat, 95)),
      load: loadAverage(),
    });
    // Each row as soon as it is measured: a run that fails later still leaves it.
    console.log(JSON.stringify(rows.at(-1)));
  }
  console.log('\nGET /api/v1/messages/search?q=…&page=0&size=20 (subject, sender, recipients, body):');
  console.log(table(rows));
} finally {
  await pool.close();
  await server.stop();
  await database.cleanup();
}
console.log(`\nload after: ${loadAverage()}`);
