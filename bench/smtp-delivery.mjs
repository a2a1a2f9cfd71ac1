#!/usr/bin/env node
// Inbound SMTP delivery (issue 3 (a)): the 250 comes only after the commit, so this is durable
// deliveries per second and the time to 250 with 1, 10 and 50 sessions; the protocol ceiling of the
// same machine with Postfix's smtp-source into smtp-sink; and the cost of 0, 10 and 100 active
// filters per recipient (issue 5). Targets: 1,000 msg/s at 50 sessions on PostgreSQL; 100 filters
// under 20 % slower than none.
//
// Sizes: SMTP_MESSAGES (per run, default 2000), SMTP_MAX_SECONDS (per run, 60),
// SMTP_SESSIONS (1,10,50), SMTP_FILTERS (0,10,100), SMTP_FILTER_SESSIONS (50), SMTP_FILTER_ROUNDS
// (3; each round sends SMTP_MESSAGES / rounds per filter count), SMTP_SPREAD (1: also
// run the largest session count with one recipient per session; 0: skip), SMTP_REPLIES (1: nine in
// ten messages answer one sent 50 before, In-Reply-To and References: delivery with the threading
// of replies, issue 36).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import { freePort, percentile, table } from './lib.mjs';
import {
  api,
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
import { koreanMessage, koreanReply, runSmtpLoad } from './smtp-client.mjs';

const MESSAGES = envInt('SMTP_MESSAGES', 2000);
const MAX_MS = envInt('SMTP_MAX_SECONDS', 60) * 1000;
const LEVELS = envList('SMTP_SESSIONS', [1, 10, 50]);
const FILTER_COUNTS = envList('SMTP_FILTERS', [0, 10, 100]).sort((a, b) => a - b);
const FILTER_SESSIONS = envInt('SMTP_FILTER_SESSIONS', 50);
const FILTER_ROUNDS = Math.max(1, envInt('SMTP_FILTER_ROUNDS', 3));
const WARMUP = Math.min(100, MESSAGES);
const RECIPIENT = 'bench-rcpt@postline.local';
const SPREAD = envInt('SMTP_SPREAD', 1) === 1;
const MESSAGE = envInt('SMTP_REPLIES', 0) === 1 ? koreanReply : koreanMessage;
const spreadRecipient = (i) => `bench-rcpt-${i}@postline.local`;

function row(label, sessions, result) {
  const lat = sorted(result.latencies);
  return {
    run: label,
    sessions,
    delivered: lat.length,
    failed: result.failures,
    'msg/s': (lat.length / (result.wallMs / 1000)).toFixed(1),
    'p50 to 250 (ms)': ms(percentile(lat, 50)),
    'p99 to 250 (ms)': ms(percentile(lat, 99)),
    'Node server CPU (cores)': result.serverCores.toFixed(2),
    // Node is one thread: 1000 / this is the most one process could deliver on a whole core.
    'Node CPU ms per message': cpuPerMessage([result], 'serverCpuSeconds', lat.length),
    'PostgreSQL CPU ms per message': cpuPerMessage([result], 'databaseCpuSeconds', lat.length),
    load: loadAverage(),
  };
}

function filterBody(n) {
  return {
    name: `bench filter ${n}`,
    description: 'never matches: measures the cost of evaluating',
    isActive: true,
    applyToExisting: false,
    conditions: [
      { conditionType: 'SUBJECT', operator: 'CONTAINS', value: `zzz-${n}` },
      { conditionType: 'FROM', operator: 'ENDS_WITH', value: `@nowhere-${n}.example` },
      { conditionType: 'BODY', operator: 'CONTAINS', value: `zzz-body-${n}` },
    ],
    actions: [{ actionType: 'ADD_LABEL', actionValue: `bench-${n}` }],
  };
}

/** Runs a command to its end, or kills it after `timeoutMs` (then code is null). */
function run(command, args, timeoutMs) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    const timer = setTimeout(() => child.kill('SIGTERM'), timeoutMs);
    child.on('error', (error) => resolve({ code: -1, output: error.message }));
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, output });
    });
  });
}

const SMTP_SOURCE = '/usr/sbin/smtp-source';
const SMTP_SINK = '/usr/sbin/smtp-sink';

/** smtp-source with `sessions` parallel connections, each reused (-d); answers msg/s. */
async function smtpSource(port, sessions, count, to) {
  const started = performance.now();
  const result = await run(
    SMTP_SOURCE,
    [
      '-d',
      '-s',
      String(sessions),
      '-m',
      String(count),
      '-l',
      '512',
      '-f',
      'ops@example.com',
      '-t',
      to,
      `127.0.0.1:${port}`,
    ],
    3 * MAX_MS,
  );
  const seconds = (performance.now() - started) / 1000;
  if (result.code === null) throw new Error(`smtp-source stopped after ${seconds.toFixed(0)} s`);
  if (result.code !== 0) throw new Error(`smtp-source failed: ${result.output.trim()}`);
  return count / seconds;
}

/**
 * smtp-source into smtp-sink (nothing stored: the protocol and the loopback alone), and the same
 * client into Postline. Postline gets as many messages as it took in MAX_MS in the runs above, so
 * this stays bounded in time like the rest.
 */
async function protocolCeiling(server, ratesBySessions) {
  if (!fs.existsSync(SMTP_SOURCE) || !fs.existsSync(SMTP_SINK)) {
    console.log(
      '\nProtocol ceiling skipped: smtp-source/smtp-sink not found (Debian package postfix not installed).',
    );
    return;
  }
  const port = await freePort();
  // As root smtp-sink insists on dropping privileges; it only answers, it stores nothing.
  const args = process.getuid?.() === 0 ? ['-u', 'nobody'] : [];
  const sink = spawn(SMTP_SINK, [...args, `127.0.0.1:${port}`, '256'], { stdio: 'ignore' });
  await new Promise((r) => setTimeout(r, 300));
  const rows = [];
  try {
    for (const sessions of LEVELS) {
      const sinkRate = await smtpSource(port, sessions, MESSAGES, 'sink@example.com');
      const fits = Math.ceil((ratesBySessions.get(sessions) ?? 10) * (MAX_MS / 1000));
      const postlineCount = Math.max(sessions, Math.min(MESSAGES, fits));
      const postlineRate = await smtpSource(server.smtpPort, sessions, postlineCount, RECIPIENT);
      rows.push({
        sessions,
        'messages to sink': MESSAGES,
        'smtp-source → smtp-sink (msg/s)': sinkRate.toFixed(0),
        'messages to Postline': postlineCount,
        'smtp-source → Postline (msg/s)': postlineRate.toFixed(1),
        load: loadAverage(),
      });
    }
  } finally {
    sink.kill('SIGTERM');
  }
  console.log('\nProtocol ceiling (Postfix smtp-source, 512-byte body, connections reused):');
  console.log(table(rows));
}

/** CPU milliseconds per delivered message over the runs (connection set-up included). */
function cpuPerMessage(runs, field, delivered) {
  const seconds = runs.reduce((a, r) => a + r[field], 0);
  return Number.isFinite(seconds) ? ((seconds * 1000) / Math.max(1, delivered)).toFixed(2) : 'n/a';
}

/**
 * 0, 10 and 100 active filters compared in ROUNDS interleaved rounds (order rotated each round):
 * on a shared machine the load drifts, and a single run per count would measure the drift. All
 * filters are created once; PUT /filters/status switches the wanted number on.
 */
async function filterComparison(server, token, load) {
  const ids = [];
  try {
    for (let n = 1; n <= Math.max(...FILTER_COUNTS); n += 1) {
      const filter = await api(server.base, token, 'POST', '/api/v1/filters', {
        ...filterBody(n),
        isActive: false,
      });
      ids.push(filter.id);
    }
  } catch (error) {
    console.log(`\nfilters part skipped: POST /api/v1/filters does not work yet (${error.message})`);
    return;
  }
  const setActive = async (count) => {
    const on = ids.slice(0, count);
    const off = ids.slice(count);
    if (on.length > 0)
      await api(server.base, token, 'PUT', '/api/v1/filters/status', { filterIds: on, isActive: true });
    if (off.length > 0)
      await api(server.base, token, 'PUT', '/api/v1/filters/status', { filterIds: off, isActive: false });
  };
  const perRun = Math.max(FILTER_SESSIONS, Math.ceil(MESSAGES / FILTER_ROUNDS));
  const results = new Map(FILTER_COUNTS.map((count) => [count, []]));
  for (let round = 0; round < FILTER_ROUNDS; round += 1) {
    const order = FILTER_COUNTS.map((_, i) => FILTER_COUNTS[(i + round) % FILTER_COUNTS.length]);
    for (const count of order) {
      await setActive(count);
      results.get(count).push(await load(FILTER_SESSIONS, perRun));
    }
  }
  const median = (values) => sorted(values)[Math.floor(values.length / 2)];
  const rows = FILTER_COUNTS.map((count) => {
    const runs = results.get(count);
    const lat = sorted(runs.flatMap((r) => r.latencies));
    return {
      'active filters': count,
      sessions: FILTER_SESSIONS,
      delivered: lat.length,
      failed: runs.reduce((a, r) => a + r.failures, 0),
      'msg/s per round': runs.map((r) => (r.latencies.length / (r.wallMs / 1000)).toFixed(1)).join(' / '),
      'median msg/s': median(runs.map((r) => r.latencies.length / (r.wallMs / 1000))).toFixed(1),
      'p50 to 250 (ms)': ms(percentile(lat, 50)),
      'p99 to 250 (ms)': ms(percentile(lat, 99)),
      'Node server CPU (cores)': (runs.reduce((a, r) => a + r.serverCores, 0) / runs.length).toFixed(2),
      // CPU time per message hardly depends on how busy the machine is, unlike the rate.
      'Node CPU ms per message': cpuPerMessage(runs, 'serverCpuSeconds', lat.length),
      'PostgreSQL CPU ms per message': cpuPerMessage(runs, 'databaseCpuSeconds', lat.length),
      load: loadAverage(),
    };
  });
  const base = Number(
    rows.find((r) => r['active filters'] === 0)?.['median msg/s'] ?? rows[0]['median msg/s'],
  );
  for (const r of rows) r['vs 0 filters'] = `${((Number(r['median msg/s']) / base - 1) * 100).toFixed(1)} %`;
  console.log(
    `\nActive filters per recipient (3 non-matching conditions each), ${FILTER_SESSIONS} sessions, ${FILTER_ROUNDS} interleaved rounds of ${perRun} messages:`,
  );
  console.log(table(rows));
}

const database = await benchDatabase();
console.log(machineLine(database.label));
console.log(
  `sizes: ${MESSAGES} messages per run (at most ${MAX_MS / 1000} s), sessions ${LEVELS.join('/')}, filters ${FILTER_COUNTS.join('/')} at ${FILTER_SESSIONS} sessions`,
);
const server = await startBenchServer(database);
try {
  const { token } = await mockLogin(server.base, RECIPIENT, '벤치 수신자');
  let sent = 0;
  const load = async (sessions, total, to = RECIPIENT) => {
    const { result, serverCores, serverCpuSeconds, databaseCpuSeconds } = await withCpu(
      server.child.pid,
      () =>
        runSmtpLoad({
          port: server.smtpPort,
          to,
          sessions,
          total,
          maxMs: MAX_MS,
          startAt: sent,
          message: MESSAGE,
        }),
      database.url,
    );
    sent += result.sent;
    return { ...result, serverCores, serverCpuSeconds, databaseCpuSeconds };
  };
  await load(Math.min(10, Math.max(...LEVELS)), WARMUP);

  const rows = [];
  for (const sessions of LEVELS) rows.push(row('no filters', sessions, await load(sessions, MESSAGES)));
  console.log('\nDurable delivery, one recipient, ~0.5 kB Korean text message:');
  console.log(table(rows));

  // Diagnostic: the same load spread over one recipient per session, to tell contention on the one
  // inbox (its counters row is updated by every delivery) from the cost of a delivery as such.
  const spread = Math.max(...LEVELS);
  if (SPREAD && spread > 1) {
    for (let i = 0; i < spread; i += 1) await mockLogin(server.base, spreadRecipient(i), `벤치 ${i}`);
    const result = await load(spread, MESSAGES, spreadRecipient);
    console.log(`\nThe same with one recipient per session (${spread} recipients):`);
    console.log(table([row('no filters, spread', spread, result)]));
  }

  try {
    await protocolCeiling(server, new Map(rows.map((r) => [r.sessions, Number(r['msg/s'])])));
  } catch (error) {
    console.log(`\nProtocol ceiling failed: ${error.message}`);
  }

  await filterComparison(server, token, load);
} finally {
  await server.stop();
  await database.cleanup();
}
console.log(`\nload after: ${loadAverage()}`);
