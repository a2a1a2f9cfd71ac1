#!/usr/bin/env node
// The conversation list (issue 36): GET /api/v1/conversations?mailboxType=INBOX&size=20 against the
// flat list GET /api/v1/messages of the same inbox, 100,000 messages in conversations of three
// (fill-mailbox.mjs, FILL_THREAD_SIZE). Target: a page of conversations costs no more than 1.5 times
// a page of messages. Each sample asks the two lists in turn, so both see the same machine.
//
// Sizes: CONV_MESSAGES (100000), CONV_SAMPLES (200 per list and page), CONV_SECONDS (closed loop, 5),
// CONV_CONCURRENCY (closed loop workers, 4).
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
import { prepareBigMailbox } from './fill-mailbox.mjs';
import { closedLoop, httpPool, timedGet } from './http-load.mjs';

const COUNT = envInt('CONV_MESSAGES', 100_000);
const SAMPLES = envInt('CONV_SAMPLES', 200);
const SECONDS = envInt('CONV_SECONDS', 5);
const CONCURRENCY = envInt('CONV_CONCURRENCY', 4);

const LISTS = {
  messages: (page) => `/api/v1/messages?mailboxType=INBOX&page=${page}&size=20&sort=receivedAt%2Cdesc`,
  conversations: (page) =>
    `/api/v1/conversations?mailboxType=INBOX&page=${page}&size=20&sort=receivedAt%2Cdesc`,
};

const database = await benchDatabase();
console.log(machineLine(database.label));
console.log(
  `sizes: ${COUNT} messages, ${SAMPLES} samples per list and page, closed loop ${CONCURRENCY} workers for ${SECONDS} s`,
);
const { server, token } = await prepareBigMailbox({
  database,
  start: () => startBenchServer(database),
  login: (s) => mockLogin(s.base, 'bench-list@postline.local', '벤치'),
  count: COUNT,
  log: (line) => console.log(line),
});
const pool = httpPool(server.base, 64);
const data = async (path) => JSON.parse((await timedGet(pool, path, token)).body).data;
try {
  const firstConversations = await data(LISTS.conversations(0));
  const firstMessages = await data(LISTS.messages(0));
  console.log(
    `inbox: ${firstMessages.totalElements} messages, ${firstConversations.totalElements}${firstConversations.totalIsEstimate ? '+' : ''} conversations; first row: ${firstConversations.content[0].messageCount} messages`,
  );
  // Warm both.
  for (let i = 0; i < 20; i += 1)
    for (const list of Object.values(LISTS)) await timedGet(pool, list(i % 5), token);

  const rows = [];
  const deepOf = {};
  for (const [name, list] of Object.entries(LISTS)) {
    const before = await data(list(49));
    deepOf[name] = () => `${list(50)}&cursor=${before.nextCursor}`;
  }
  const kinds = [
    ['first page', (list) => list(0)],
    ['page 3 by offset', (list) => list(2)],
    ['page 51 by cursor', (_list, name) => deepOf[name]()],
  ];
  for (const [kind, pathFor] of kinds) {
    const latencies = { messages: [], conversations: [] };
    for (let i = 0; i < SAMPLES; i += 1) {
      for (const [name, list] of Object.entries(LISTS)) {
        latencies[name].push((await timedGet(pool, pathFor(list, name), token)).ms);
      }
    }
    const m = sorted(latencies.messages);
    const c = sorted(latencies.conversations);
    rows.push({
      page: kind,
      'messages p50 (ms)': ms(percentile(m, 50)),
      'conversations p50 (ms)': ms(percentile(c, 50)),
      'ratio p50': (percentile(c, 50) / percentile(m, 50)).toFixed(2),
      'messages p99 (ms)': ms(percentile(m, 99)),
      'conversations p99 (ms)': ms(percentile(c, 99)),
      'ratio p99': (percentile(c, 99) / percentile(m, 99)).toFixed(2),
      load: loadAverage(),
    });
  }
  const throughput = {};
  for (const [name, list] of Object.entries(LISTS)) {
    const result = await closedLoop({
      pool,
      token,
      concurrency: CONCURRENCY,
      seconds: SECONDS,
      pathFor: (i) => list(i % 10),
    });
    throughput[name] = result.perSecond;
  }
  rows.push({
    page: `closed loop, pages 1-10, ${CONCURRENCY} workers (req/s)`,
    'messages p50 (ms)': throughput.messages.toFixed(0),
    'conversations p50 (ms)': throughput.conversations.toFixed(0),
    'ratio p50': (throughput.messages / throughput.conversations).toFixed(2),
    'messages p99 (ms)': '',
    'conversations p99 (ms)': '',
    'ratio p99': '',
    load: loadAverage(),
  });
  console.log(
    '\nA page of 20, conversations against messages (ratio: conversations / messages; for req/s, messages / conversations):',
  );
  console.log(table(rows));
} finally {
  await pool.close();
  await server.stop();
  await database.cleanup();
}
console.log(`\nload after: ${loadAverage()}`);
