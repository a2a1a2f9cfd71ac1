#!/usr/bin/env node
// Real-time push (issue 7): time from the SMTP 250 to the MESSAGE frame at a STOMP client
// (@stomp/stompjs over sockjs-client, as in the web app) while 1, 1,000 or 5,000 sockets are
// connected, and the server's memory per connected socket ((RSS with N − RSS with none) / N).
// The other sockets belong to RT_USERS other users (plain WebSockets speaking STOMP, each CONNECTed
// with a valid token and subscribed). Target: p99 under 50 ms at 1,000 sockets.
//
// Sizes: RT_SOCKETS (1,1000,5000), RT_SAMPLES (messages timed per level, 200), RT_USERS (50).
import { execFileSync, spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { Client } from '@stomp/stompjs';
import SockJS from 'sockjs-client';
import { percentile, table } from './lib.mjs';
import {
  benchDatabase,
  envInt,
  envList,
  loadAverage,
  machineLine,
  mockLogin,
  ms,
  settledRssKb,
  sleep,
  sorted,
  startBenchServer,
} from './harness.mjs';
import { koreanMessage, openSession } from './smtp-client.mjs';
import { inBatches, openStompSocket } from './stomp-socket.mjs';

const LEVELS = envList('RT_SOCKETS', [1, 1000, 5000]).sort((a, b) => a - b);
const SAMPLES = envInt('RT_SAMPLES', 200);
const USERS = envInt('RT_USERS', 50);
const RECIPIENT = 'bench-rt@postline.local';

// Both this process and the server hold one descriptor per socket, plus some to spare.
const needFiles = Math.max(...LEVELS) + 512;
const openFiles = Number(execFileSync('bash', ['-c', 'ulimit -n'], { encoding: 'utf8' }).trim());
if (openFiles < needFiles && !process.env.BENCH_RAISED_NOFILE) {
  // The server inherits the limit from this process, so raising it once here covers both.
  const result = spawnSync(
    'bash',
    ['-c', `ulimit -n ${needFiles} && exec "$0" "$1"`, process.execPath, fileURLToPath(import.meta.url)],
    { stdio: 'inherit', env: { ...process.env, BENCH_RAISED_NOFILE: '1' } },
  );
  process.exit(result.status ?? 1);
}
if (openFiles < needFiles) console.log(`warning: open-file limit ${openFiles} < ${needFiles}`);

/** The web app's way in: SockJS + STOMP; resolves with the client once subscribed. */
function measuringClient(base, token, onFrame) {
  return new Promise((resolve, reject) => {
    const client = new Client({
      webSocketFactory: () => new SockJS(`${base}/ws`),
      connectHeaders: { Authorization: `Bearer ${token}` },
      heartbeatIncoming: 0,
      heartbeatOutgoing: 0,
      reconnectDelay: 0,
      onConnect: () => {
        client.subscribe('/user/queue/notifications', (message) => onFrame(message, performance.now()));
        client.publish({ destination: '/app/connect', body: '{}' });
        resolve(client);
      },
      onStompError: (f) => reject(new Error(`STOMP error: ${f.headers.message}`)),
      onWebSocketError: () => reject(new Error('SockJS connection failed')),
    });
    client.activate();
  });
}

const database = await benchDatabase();
console.log(machineLine(database.label));
console.log(
  `sizes: sockets ${LEVELS.join('/')}, ${SAMPLES} messages timed per level, idle sockets of ${USERS} users`,
);
const server = await startBenchServer(database);
const pid = server.child.pid;
const idle = [];
let client;
try {
  const recipient = await mockLogin(server.base, RECIPIENT, '실시간 벤치');
  const others = [];
  for (let i = 0; i < USERS; i += 1)
    others.push(await mockLogin(server.base, `bench-idle-${i}@postline.local`, `대기 ${i}`));
  const smtp = await openSession(server.smtpPort);
  // Untimed: the first deliveries warm the code paths.
  for (let n = 0; n < 5; n += 1)
    await new Promise((r, j) =>
      smtp.send({ from: 'ops@example.com', to: [RECIPIENT] }, koreanMessage(RECIPIENT, 900000 + n), (e) =>
        e ? j(e) : r(),
      ),
    );
  await sleep(500);
  const rss0 = await settledRssKb(pid);

  const arrivals = new Map();
  let waiting = null;
  client = await measuringClient(server.base, recipient.token, (message, at) => {
    const match = /안내 (\d+)/.exec(JSON.parse(message.body).content ?? '');
    if (!match) return;
    arrivals.set(Number(match[1]), at);
    if (waiting && waiting.n === Number(match[1])) waiting.resolve();
  });

  const rows = [];
  let n = 0;
  for (const level of LEVELS) {
    const opening = performance.now();
    const missing = Math.max(0, level - 1 - idle.length);
    const opened = await inBatches(missing, 100, (i) =>
      openStompSocket(server.base, others[(idle.length + i) % others.length].token),
    );
    idle.push(...opened);
    const openSeconds = (performance.now() - opening) / 1000;
    await sleep(1000);
    const rssN = await settledRssKb(pid);

    const fromAccepted = [];
    const fromSend = [];
    let lost = 0;
    for (let s = 0; s < SAMPLES; s += 1) {
      n += 1;
      const arrived = new Promise((resolve) => (waiting = { n, resolve }));
      const t0 = performance.now();
      const t250 = await new Promise((r, j) =>
        smtp.send({ from: 'ops@example.com', to: [RECIPIENT] }, koreanMessage(RECIPIENT, n), (e) =>
          e ? j(e) : r(performance.now()),
        ),
      );
      await Promise.race([arrived, sleep(5000)]);
      waiting = null;
      const tFrame = arrivals.get(n);
      if (tFrame === undefined) {
        lost += 1;
        continue;
      }
      fromAccepted.push(tFrame - t250);
      fromSend.push(tFrame - t0);
    }
    const a = sorted(fromAccepted);
    const b = sorted(fromSend);
    rows.push({
      sockets: level,
      'opened in (s)': openSeconds.toFixed(1),
      samples: a.length,
      'no frame (5 s)': lost,
      '250 → frame p50 (ms)': ms(percentile(a, 50)),
      '250 → frame p99 (ms)': ms(percentile(a, 99)),
      'send → frame p50 (ms)': ms(percentile(b, 50)),
      'send → frame p99 (ms)': ms(percentile(b, 99)),
      'server RSS (MB)': (rssN / 1024).toFixed(0),
      'kB per socket': level >= 100 ? ((rssN - rss0) / level).toFixed(1) : 'n/a',
      load: loadAverage(),
    });
  }
  smtp.quit();
  console.log(`\nserver RSS with no sockets: ${(rss0 / 1024).toFixed(0)} MB`);
  console.log('A negative 250 → frame means the frame arrived before the 250 did (both follow the commit).');
  console.log(table(rows));
} finally {
  for (const socket of idle) socket.close();
  await client?.deactivate().catch(() => undefined);
  await server.stop();
  await database.cleanup();
}
console.log(`\nload after: ${loadAverage()}`);
