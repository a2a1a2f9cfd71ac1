#!/usr/bin/env node
// Side by side with Postfix + Dovecot (issue 13, part 3). The same client, Postfix's smtp-source,
// sends the same messages (512-byte body, one recipient, connections reused) to:
//   - Postfix → Dovecot LMTP → Maildir: private instances in a temporary folder on free loopback
//     ports (bench/peer-postfix.mjs); stock settings apart from paths and routing;
//   - Postline on PGlite, and on PostgreSQL when BENCH_DATABASE_URL is set.
// Runs alternate between the sides (the order rotates every round), at each session count.
//
// Durable delivery on both sides: Postline answers 250 only after its commit, so its time is
// smtp-source's wall time; Postfix answers 250 once the message is in its queue, so its time runs
// until the last message is in the Maildir (polled every 20 ms).
//
// CPU per 1,000 messages is user + system CPU time over the same window plus a 300 ms tail:
//   - Postfix + Dovecot: every process under Postfix's master and under Dovecot's master (smtpd,
//     cleanup, qmgr, trivial-rewrite, lmtp client, postlogd, Dovecot's lmtp, auth, log, stats...),
//     including children that ended during the run (through their parent's cutime/cstime);
//   - Postline: the Node server process (PGlite runs inside it) plus, on PostgreSQL, the backends
//     serving its database (bench/harness.mjs withCpu; a backend that ends during a run is missed,
//     and PostgreSQL's shared background processes, WAL writer and checkpointer, are not counted).
// smtp-source's own CPU is counted on neither side.
//
// Installs nothing: without smtp-source, Postfix or Dovecot LMTP (Debian packages postfix,
// dovecot-core, dovecot-lmtpd) it says what is missing and exits 0; it needs root for Postfix.
// Sizes: PEER_MESSAGES (per run, default 2000), PEER_SESSIONS (1,10,50), PEER_ROUNDS (2),
// PEER_MAX_SECONDS (per run, 300).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import { table, tempDir } from './lib.mjs';
import {
  benchDatabase,
  envInt,
  envList,
  loadAverage,
  machineLine,
  mockLogin,
  sleep,
  startBenchServer,
  withCpu,
} from './harness.mjs';
import { descendants, missingPeer, PEER_RECIPIENT, startPeer, treeCpuSeconds } from './peer-postfix.mjs';

const MESSAGES = envInt('PEER_MESSAGES', 2000);
const LEVELS = envList('PEER_SESSIONS', [1, 10, 50]);
const ROUNDS = Math.max(1, envInt('PEER_ROUNDS', 2));
const MAX_MS = envInt('PEER_MAX_SECONDS', 300) * 1000;
const WARMUP = Math.min(100, MESSAGES);
const POSTLINE_RECIPIENT = 'bench-rcpt@postline.local';
const PEER_LABEL = 'Postfix + Dovecot';
const TAIL_MS = 300;

const missing = missingPeer();
if (missing.length > 0) {
  console.log(`smtp-peer skipped: this needs\n  ${missing.join('\n  ')}`);
  console.log(
    'Install with: apt-get install postfix dovecot-core dovecot-lmtpd (this script installs nothing).',
  );
  process.exit(0);
}

/** smtp-source with `sessions` connections, each reused (-d), `count` messages to `to`. */
function smtpSource(port, sessions, count, to) {
  const args = ['-d', '-s', String(sessions), '-m', String(count), '-l', '512', '-f', 'from@example.com'];
  return new Promise((resolve, reject) => {
    const child = spawn('/usr/sbin/smtp-source', [...args, '-t', to, `127.0.0.1:${port}`], {
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (d) => (stderr += d));
    const timer = setTimeout(() => child.kill('SIGTERM'), MAX_MS);
    child.on('error', reject);
    child.on('exit', (code) => {
      clearTimeout(timer);
      if (code === 0) resolve();
      else
        reject(
          new Error(
            `smtp-source ${code === null ? 'stopped after the deadline' : `failed: ${stderr.trim()}`}`,
          ),
        );
    });
  });
}

/** The Postfix + Dovecot side: one run is smtp-source, then waiting for the Maildir. */
function peerSide(peer) {
  return {
    label: PEER_LABEL,
    async run(sessions, count) {
      const target = peer.delivered() + count;
      const cpu0 = treeCpuSeconds(peer.pids());
      const t0 = performance.now();
      await smtpSource(peer.smtpPort, sessions, count, PEER_RECIPIENT);
      while (peer.delivered() < target) {
        if (performance.now() - t0 > MAX_MS) {
          throw new Error(
            `${target - peer.delivered()} messages not in the Maildir after ${MAX_MS / 1000} s\n${peer.log()}`,
          );
        }
        await sleep(20);
      }
      const seconds = (performance.now() - t0) / 1000;
      await sleep(TAIL_MS);
      return { seconds, cpuSeconds: treeCpuSeconds(peer.pids()) - cpu0 };
    },
  };
}

/** PGlite in a fresh folder, also when BENCH_DATABASE_URL is set (benchDatabase() would use it). */
function pgliteDatabase() {
  const dataDir = tempDir();
  return {
    kind: 'pglite',
    dataDir,
    url: undefined,
    async cleanup() {
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A Postline side: its own server on a database made by `makeDatabase`. */
async function postlineSide(makeDatabase) {
  const database = await makeDatabase();
  databases.push(database);
  const server = await startBenchServer(database); // drops the database itself if it cannot start
  await mockLogin(server.base, POSTLINE_RECIPIENT, '벤치 수신자');
  return {
    label: `Postline, ${database.kind === 'postgres' ? database.label : 'PGlite'}`,
    async run(sessions, count) {
      let seconds = 0;
      const cpu = await withCpu(
        server.child.pid,
        async () => {
          const t0 = performance.now();
          await smtpSource(server.smtpPort, sessions, count, POSTLINE_RECIPIENT);
          seconds = (performance.now() - t0) / 1000;
          await sleep(TAIL_MS);
        },
        database.url,
      );
      const db = Number.isFinite(cpu.databaseCpuSeconds) ? cpu.databaseCpuSeconds : 0;
      return { seconds, cpuSeconds: cpu.serverCpuSeconds + db };
    },
    async stop() {
      await server.stop();
      await database.cleanup();
    },
  };
}

const postgres = Boolean(process.env.BENCH_DATABASE_URL);
console.log(
  machineLine(postgres ? 'PGlite and PostgreSQL' : 'PGlite (PostgreSQL skipped: BENCH_DATABASE_URL unset)'),
);
console.log(
  `sizes: ${MESSAGES} messages per run, sessions ${LEVELS.join('/')}, ${ROUNDS} alternating rounds`,
);
const sides = [];
const databases = []; // also those of a server that was still starting when a signal came
let peer;
let cleaning;
/** Stops the Postline servers (dropping their databases), then Postfix and Dovecot; once. */
function cleanup() {
  cleaning ??= (async () => {
    for (const side of sides) await side.stop?.().catch(() => undefined);
    peer?.stop();
  })();
  return cleaning;
}
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.once(signal, () => {
    console.log(`\n${signal}: stopping everything`);
    void (async () => {
      await cleanup();
      // A server still starting (not yet in `sides`) or an smtp-source: our own children, by pid.
      for (const pid of descendants([process.pid])) if (pid !== process.pid) process.kill(pid, 'SIGTERM');
      for (const database of databases) await database.cleanup().catch(() => undefined);
      process.exit(130);
    })();
  });
}
try {
  peer = await startPeer();
  sides.push(peerSide(peer));
  sides.push(await postlineSide(pgliteDatabase));
  if (postgres) sides.push(await postlineSide(benchDatabase));

  for (const side of sides) await side.run(Math.min(10, Math.max(...LEVELS)), WARMUP);

  const results = new Map(); // `${sessions}|${label}` → runs
  for (const sessions of LEVELS) {
    for (let round = 0; round < ROUNDS; round += 1) {
      for (let i = 0; i < sides.length; i += 1) {
        const side = sides[(i + round) % sides.length];
        const result = { ...(await side.run(sessions, MESSAGES)), load: loadAverage().split(',')[0] };
        const key = `${sessions}|${side.label}`;
        results.set(key, [...(results.get(key) ?? []), result]);
        console.log(
          `  ${sessions} sessions, round ${round + 1}, ${side.label}: ${(MESSAGES / result.seconds).toFixed(1)} msg/s, ${((result.cpuSeconds * 1000) / MESSAGES).toFixed(2)} CPU s / 1,000 msg (load ${result.load})`,
        );
      }
    }
  }

  const median = (values) => {
    const v = [...values].sort((a, b) => a - b);
    return (v[Math.floor((v.length - 1) / 2)] + v[Math.ceil((v.length - 1) / 2)]) / 2;
  };
  const rows = [];
  for (const sessions of LEVELS) {
    const summary = (label) => {
      const runs = results.get(`${sessions}|${label}`);
      return {
        runs,
        rate: median(runs.map((r) => MESSAGES / r.seconds)),
        cpu: (runs.reduce((a, r) => a + r.cpuSeconds, 0) * 1000) / (MESSAGES * runs.length),
      };
    };
    const base = summary(PEER_LABEL);
    for (const side of sides) {
      const s = summary(side.label);
      const isPeer = side.label === PEER_LABEL;
      rows.push({
        sessions,
        server: side.label,
        'msg/s per run': s.runs.map((r) => (MESSAGES / r.seconds).toFixed(1)).join(' / '),
        'median msg/s': s.rate.toFixed(1),
        'CPU s / 1,000 msg': s.cpu.toFixed(2),
        'msg/s vs Postfix + Dovecot': isPeer ? '1' : (s.rate / base.rate).toFixed(2),
        'CPU vs Postfix + Dovecot': isPeer ? '1' : (s.cpu / base.cpu).toFixed(2),
        load: s.runs.map((r) => r.load).join(' / '),
      });
    }
  }
  console.log(
    `\nDurable deliveries, smtp-source -d -s N -m ${MESSAGES} -l 512, one recipient, ${ROUNDS} alternating rounds:`,
  );
  console.log(table(rows));
} finally {
  await cleanup();
}
console.log(`\nload after: ${loadAverage()}`);
