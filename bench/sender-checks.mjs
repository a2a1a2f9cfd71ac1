#!/usr/bin/env node
// Sender checks (issue 15): what SPF, DKIM, DMARC and ARC through mailauth cost per inbound message
// with a warm DNS cache, what the rspamd check costs, and inbound SMTP delivery with the checks off,
// on, and on with rspamd. DNS comes from a dns2 server on 127.0.0.1 started here, publishing SPF,
// a DKIM key and DMARC for a test domain; every message is DKIM-signed beforehand with mailauth.
// rspamd (Debian's package) runs with its own config in a temporary folder, as in the tests.
//
// Sizes: SENDER_AUTH_MESSAGES (sequential authenticateInbound calls, default 500),
// SENDER_RSPAMD_MESSAGES (sequential checkWithRspamd calls, 300), SENDER_MESSAGES (per delivery
// configuration, 1000, split over SENDER_ROUNDS interleaved rounds, 3), SENDER_SESSIONS (10),
// SENDER_MAX_SECONDS (per round, 60), SENDER_RSPAMD=0 to leave rspamd out even where it is installed.
// Over 300 lines on purpose: the DNS server, the signer, rspamd and three delivery set-ups, which one
// run compares, in one script.
import { spawn, spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import dns2 from 'dns2';
import { dkimSign } from 'mailauth';
import { freePort, percentile, root, table } from './lib.mjs';
import {
  api,
  benchDatabase,
  cpuSeconds,
  envInt,
  loadAverage,
  machineLine,
  mockLogin,
  ms,
  sleep,
  sorted,
  startBenchServer,
  withCpu,
} from './harness.mjs';
import { runSmtpLoad } from './smtp-client.mjs';

const AUTH_MESSAGES = Math.max(1, envInt('SENDER_AUTH_MESSAGES', 500));
const RSPAMD_MESSAGES = Math.max(1, envInt('SENDER_RSPAMD_MESSAGES', 300));
const MESSAGES = Math.max(1, envInt('SENDER_MESSAGES', 1000));
const SESSIONS = Math.max(1, envInt('SENDER_SESSIONS', 10));
const MAX_MS = envInt('SENDER_MAX_SECONDS', 60) * 1000;
const WANT_RSPAMD = envInt('SENDER_RSPAMD', 1) === 1;
const ROUNDS = Math.max(1, envInt('SENDER_ROUNDS', 3));
const WARMUP = Math.min(100, MESSAGES);

const DOMAIN = 'bench-sender.example';
const SELECTOR = 'bench1';
const SENDER = `news@${DOMAIN}`;
const HELO = `mail.${DOMAIN}`;
const MAIL_DOMAIN = 'postline.local';
const RECIPIENT = `bench-rcpt@${MAIL_DOMAIN}`;

const dist = (file) => path.join(root, 'apps/server/dist', file);
const { authenticateInbound } = await import(dist('mail/pipeline/trust/authenticate.js'));
const { createDnsResolver } = await import(dist('mail/pipeline/trust/dns-resolver.js'));
const { checkWithRspamd } = await import(dist('mail/pipeline/trust/rspamd.js'));

// ---------------------------------------------------------------------------------------------
// DNS: a dns2 server on 127.0.0.1 answering from a table (TXT and A); anything else is an empty
// answer, which the server's resolver reads as "no such record".

function txtStrings(text) {
  const out = [];
  for (let at = 0; at < text.length; at += 255) out.push(text.slice(at, at + 255));
  return out;
}

async function startDns(records) {
  const { Packet } = dns2;
  let queries = 0;
  const server = dns2.createServer({
    udp: true,
    handle: (request, send) => {
      const response = Packet.createResponseFromRequest(request);
      for (const question of request.questions) {
        queries += 1;
        const entry = records[question.name.toLowerCase().replace(/\.$/, '')];
        if (!entry) continue;
        const base = { name: question.name, class: Packet.CLASS.IN, ttl: 300 };
        if (question.type === Packet.TYPE.TXT)
          for (const text of entry.TXT ?? [])
            response.answers.push({ ...base, type: Packet.TYPE.TXT, data: txtStrings(text) });
        if (question.type === Packet.TYPE.A)
          for (const address of entry.A ?? [])
            response.answers.push({ ...base, type: Packet.TYPE.A, address });
      }
      send(response);
    },
  });
  const listening = await server.listen({ udp: { port: 0, address: '127.0.0.1' } });
  return {
    address: `127.0.0.1:${listening.udp.port}`,
    queries: () => queries,
    close: () => server.close(),
  };
}

// ---------------------------------------------------------------------------------------------
// rspamd and Redis, each in its own temporary folder and on free ports.

const HS_CACHE = path.join(os.tmpdir(), 'postline-rspamd-hyperscan');

/** Compiled Hyperscan rules take rspamd about 20 s to build: reuse the ones the tests keep. */
function copyCompiledRules(from, to) {
  if (!fs.existsSync(from)) return;
  fs.mkdirSync(to, { recursive: true });
  for (const file of fs.readdirSync(from)) {
    if (!/\.(hs|hsmp|hsmc|unser)$/.test(file) || fs.existsSync(path.join(to, file))) continue;
    const tmp = path.join(to, `${file}.tmp-${process.pid}`);
    fs.copyFileSync(path.join(from, file), tmp);
    fs.renameSync(tmp, path.join(to, file));
  }
}

function installed(command) {
  return spawnSync(command, ['--version'], { stdio: 'ignore' }).status === 0;
}

function canConnect(port) {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1', () => {
      socket.end();
      resolve(true);
    });
    socket.on('error', () => resolve(false));
  });
}

async function until(check, timeoutMs, what) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check().catch(() => false))) {
    if (Date.now() > deadline) throw new Error(`${what} did not come up within ${timeoutMs / 1000} s`);
    await sleep(200);
  }
}

async function stopChild(child) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await Promise.race([exited, sleep(5_000)]);
  if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
}

async function startRedis() {
  const port = await freePort();
  const child = spawn(
    'redis-server',
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    { stdio: 'ignore' },
  );
  const redis = { port, pid: child.pid, stop: () => stopChild(child) };
  try {
    await until(() => canConnect(port), 20_000, 'redis-server');
  } catch (error) {
    await redis.stop();
    throw error;
  }
  return redis;
}

async function startRspamd(dnsServer, redisPort) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'postline-bench-rspamd-'));
  for (const sub of ['db', 'run', 'log', 'local.d']) fs.mkdirSync(path.join(dir, sub));
  copyCompiledRules(HS_CACHE, path.join(dir, 'db'));
  const normalPort = await freePort();
  const controllerPort = await freePort();
  fs.writeFileSync(
    path.join(dir, 'rspamd.conf'),
    [
      '.include "$CONFDIR/common.conf"',
      'options {',
      '  pidfile = "$RUNDIR/rspamd.pid";',
      '  .include "$CONFDIR/options.inc"',
      `  dns { nameserver = ["${dnsServer}"]; timeout = 1s; retransmits = 1; }`,
      '}',
      'logging { type = "file"; filename = "$LOGDIR/rspamd.log"; level = "warning"; }',
      `worker "normal" { bind_socket = "127.0.0.1:${normalPort}"; .include "$CONFDIR/worker-normal.inc" count = 1; }`,
      `worker "controller" { bind_socket = "127.0.0.1:${controllerPort}"; .include "$CONFDIR/worker-controller.inc" }`,
      '',
    ].join('\n'),
  );
  if (redisPort) {
    fs.writeFileSync(
      path.join(dir, 'local.d', 'classifier-bayes.conf'),
      `backend = "redis";\nservers = "127.0.0.1:${redisPort}";\nautolearn = false;\n`,
    );
  }
  const asRoot = process.getuid?.() === 0;
  const child = spawn(
    'rspamd',
    [
      '-f',
      ...(asRoot ? ['-u', 'root', '-g', 'root', '-i'] : []),
      '-c',
      path.join(dir, 'rspamd.conf'),
      `--var=LOCAL_CONFDIR=${dir}`,
      `--var=DBDIR=${path.join(dir, 'db')}`,
      `--var=RUNDIR=${path.join(dir, 'run')}`,
      `--var=LOGDIR=${path.join(dir, 'log')}`,
    ],
    { stdio: 'ignore' },
  );
  const url = `http://127.0.0.1:${normalPort}`;
  const rspamd = {
    url,
    pid: child.pid,
    async stop() {
      await stopChild(child);
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
  try {
    // Ready when the normal worker scores a message, which needs its rules compiled.
    await until(
      async () => {
        const ping = await fetch(`http://127.0.0.1:${controllerPort}/ping`, {
          signal: AbortSignal.timeout(1_000),
        });
        if (!ping.ok) return false;
        const check = await fetch(`${url}/checkv2`, {
          method: 'POST',
          body: 'Subject: ping\r\n\r\nping\r\n',
          signal: AbortSignal.timeout(5_000),
        });
        return check.ok;
      },
      180_000,
      'rspamd',
    );
  } catch (error) {
    await rspamd.stop();
    throw error;
  }
  copyCompiledRules(path.join(dir, 'db'), HS_CACHE);
  return rspamd;
}

function childrenOf(pid) {
  const children = [];
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      if (Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === pid) children.push(Number(entry));
    } catch {
      // gone meanwhile
    }
  }
  return children;
}

/** The process and its children (rspamd's main process forks its workers): their CPU seconds. */
function treeCpuSeconds(pid) {
  return [pid, ...childrenOf(pid)].reduce((sum, p) => sum + (cpuSeconds(p) || 0), 0);
}

// ---------------------------------------------------------------------------------------------
// Messages: Korean text like the delivery bench's, From the test domain, DKIM-signed (~1.3 kB).

function encodedWord(text) {
  return `=?UTF-8?B?${Buffer.from(text, 'utf8').toString('base64')}?=`;
}

function plainMessage(n) {
  return [
    `From: ${encodedWord('뉴스레터')} <${SENDER}>`,
    `To: <${RECIPIENT}>`,
    `Subject: ${encodedWord(`[소식] 이번 주 공지 ${n}`)}`,
    `Date: ${new Date().toUTCString()}`,
    `Message-ID: <sender-bench-${process.pid}-${n}@${DOMAIN}>`,
    'MIME-Version: 1.0',
    'Content-Type: text/plain; charset=utf-8',
    'Content-Transfer-Encoding: 8bit',
    '',
    '안녕하세요, 이번 주 금요일 오후 세 시에 정기 점검이 예정되어 있습니다.',
    '점검 시간 동안에는 메일 송수신이 잠시 지연될 수 있으니 양해 부탁드립니다.',
    '문의 사항이 있으시면 운영팀으로 연락 주시기 바랍니다. 감사합니다.',
    '',
    `— 뉴스레터 팀 드림 (${n})`,
    '',
  ].join('\r\n');
}

async function signedMessages(count, privateKey) {
  const key = { signingDomain: DOMAIN, selector: SELECTOR, privateKey };
  const out = [];
  for (let n = 0; n < count; n += 1) {
    const raw = Buffer.from(plainMessage(n));
    // signTime fixes t=: without it mailauth may read the clock twice and sign a different t=.
    const signed = await dkimSign(raw, { ...key, signTime: new Date(), signatureData: [key] });
    if (signed.errors?.length) throw new Error(`dkimSign: ${JSON.stringify(signed.errors[0])}`);
    out.push(Buffer.concat([Buffer.from(signed.signatures), raw]));
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// Measurements.

/** `once(i)` sequentially `count` times after one unmeasured call: latencies and CPU of this process. */
async function sequential(count, once) {
  await once(0);
  const latencies = [];
  const cpu0 = process.cpuUsage();
  const started = performance.now();
  for (let i = 1; i <= count; i += 1) {
    const t0 = performance.now();
    await once(i);
    latencies.push(performance.now() - t0);
  }
  const wallMs = performance.now() - started;
  const cpu = process.cpuUsage(cpu0);
  return { latencies: sorted(latencies), wallMs, cpuMs: (cpu.user + cpu.system) / 1000 };
}

/** Where the first delivered message went and what its stored verdict says: the checks did run. */
async function storedVerdict(server, token) {
  for (const type of ['INBOX', 'SPAM']) {
    const page = await api(server.base, token, 'GET', `/api/v1/messages?mailboxType=${type}&page=0&size=1`);
    const first = page?.content?.[0];
    if (!first) continue;
    const mail = await api(server.base, token, 'GET', `/api/v1/messages/${first.id}`);
    const auth = mail.authentication;
    const verdict = auth
      ? `spf ${auth.spf.result}, dkim ${auth.dkim.result}, dmarc ${auth.dmarc.result}`
      : 'not checked';
    return `${type}: ${verdict}`;
  }
  return 'no message found';
}

/** One Postline for one configuration, on its own database; warmed up, not yet measured. */
async function deliveryTarget(label, env, rspamd) {
  const database = await benchDatabase();
  started.push(() => database.cleanup());
  const server = await startBenchServer(database, { MAIL_DOMAIN, ...env });
  started.push(() => server.stop());
  const { token } = await mockLogin(server.base, RECIPIENT, '벤치 수신자');
  return { label, database, server, token, rspamd, runs: [] };
}

function loadOptions(target, messages) {
  return {
    port: target.server.smtpPort,
    to: RECIPIENT,
    from: SENDER,
    sessions: SESSIONS,
    maxMs: MAX_MS,
    message: (_rcpt, n) => messages[n],
  };
}

/** Sends messages[startAt .. startAt + count) to one target; keeps latencies and CPU. */
async function deliveryRound(target, messages, startAt, count, dns) {
  const queries0 = dns.queries();
  const rspamd0 = target.rspamd ? treeCpuSeconds(target.rspamd.pid) : NaN;
  const measured = await withCpu(
    target.server.child.pid,
    () => runSmtpLoad({ ...loadOptions(target, messages), total: count, startAt }),
    target.database.url,
  );
  const rspamdSeconds = target.rspamd ? treeCpuSeconds(target.rspamd.pid) - rspamd0 : NaN;
  const result = measured.result;
  if (result.failures > 0)
    console.log(`${target.label}: ${result.failures} failed, first: ${result.firstError}`);
  const dnsQueries = dns.queries() - queries0;
  target.runs.push({ ...measured, result, rspamdSeconds, dnsQueries, load: loadAverage() });
}

async function deliveryRow(target) {
  const lat = sorted(target.runs.flatMap((r) => r.result.latencies));
  const sum = (field) => target.runs.reduce((a, r) => a + r[field], 0);
  const perMessage = (seconds) =>
    Number.isFinite(seconds) ? ((seconds * 1000) / Math.max(1, lat.length)).toFixed(2) : 'n/a';
  const rates = target.runs.map((r) => r.result.latencies.length / (r.result.wallMs / 1000));
  return {
    checks: target.label,
    sessions: SESSIONS,
    delivered: lat.length,
    failed: target.runs.reduce((a, r) => a + r.result.failures, 0),
    'msg/s per round': rates.map((rate) => rate.toFixed(1)).join(' / '),
    'median msg/s': sorted(rates)[Math.floor(rates.length / 2)].toFixed(1),
    'p50 to 250 (ms)': ms(percentile(lat, 50)),
    'p99 to 250 (ms)': ms(percentile(lat, 99)),
    'Node CPU ms / msg': perMessage(sum('serverCpuSeconds')),
    'rspamd CPU ms / msg': perMessage(sum('rspamdSeconds')),
    'PostgreSQL CPU ms / msg': perMessage(sum('databaseCpuSeconds')),
    // Postline's and rspamd's: with a warm cache, Postline's resolver should ask nothing.
    'DNS queries during': sum('dnsQueries'),
    'stored verdict (first message)': await storedVerdict(target.server, target.token),
    'load per round': target.runs.map((r) => r.load.split(',')[0]).join(' / '),
  };
}

// ---------------------------------------------------------------------------------------------

const started = [];
const stopAll = async () => {
  // Last started, first stopped; each only once.
  for (const stop of started.splice(0).reverse()) await stop().catch(() => undefined);
};
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.once(signal, () => {
    // Everything this process spawned (a server still starting is not in `started` yet) ends
    // first; then the stops remove folders and databases.
    const children = childrenOf(process.pid);
    for (const pid of children) {
      try {
        process.kill(pid, 'SIGTERM');
      } catch {
        // already gone
      }
    }
    void until(async () => childrenOf(process.pid).length === 0, 10_000, 'the children')
      .catch(() => undefined)
      .then(stopAll)
      .finally(() => process.exit(130));
  });
}

const databaseLabel = process.env.BENCH_DATABASE_URL
  ? 'PostgreSQL (BENCH_DATABASE_URL)'
  : 'PGlite (embedded)';
console.log(machineLine(databaseLabel));
console.log(
  `sizes: ${AUTH_MESSAGES} authenticateInbound calls, ${RSPAMD_MESSAGES} rspamd checks, ${MESSAGES} messages per delivery configuration at ${SESSIONS} sessions in ${ROUNDS} rounds (each at most ${MAX_MS / 1000} s)`,
);

let exitCode = 0;
try {
  const { publicKey, privateKey } = crypto.generateKeyPairSync('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'der' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });
  const dns = await startDns({
    [DOMAIN]: { TXT: ['v=spf1 ip4:127.0.0.1 -all'], A: ['127.0.0.1'] },
    [HELO]: { TXT: ['v=spf1 ip4:127.0.0.1 -all'], A: ['127.0.0.1'] },
    [`${SELECTOR}._domainkey.${DOMAIN}`]: {
      TXT: [`v=DKIM1; k=rsa; p=${publicKey.toString('base64')}`],
    },
    [`_dmarc.${DOMAIN}`]: { TXT: [`v=DMARC1; p=reject; rua=mailto:dmarc@${DOMAIN}`] },
  });
  started.push(() => dns.close());
  console.log(
    `DNS server (dns2) on ${dns.address}: SPF, DKIM (RSA 2048, s=${SELECTOR}) and DMARC for ${DOMAIN}`,
  );

  const signing0 = performance.now();
  const messages = await signedMessages(
    Math.max(AUTH_MESSAGES + 1, WARMUP + ROUNDS * Math.max(SESSIONS, Math.ceil(MESSAGES / ROUNDS))),
    privateKey,
  );
  console.log(
    `signed ${messages.length} messages (${messages[0].length} bytes each, about) in ${((performance.now() - signing0) / 1000).toFixed(1)} s`,
  );

  // 1. authenticateInbound, sequential, the server's resolver pointed at the bench DNS server.
  const resolver = createDnsResolver({ servers: [dns.address] });
  const authInput = (i) => ({
    source: [messages[i]],
    envelope: { ip: '127.0.0.1', helo: HELO, sender: SENDER },
    from: { address: SENDER, name: '뉴스레터' },
    ownDomain: MAIL_DOMAIN,
    mta: `mail.${MAIL_DOMAIN}`,
    resolver,
  });
  const first = await authenticateInbound(authInput(0));
  const v = first.verdict;
  console.log(
    `first verdict: spf ${v.spf.result}, dkim ${v.dkim.result}, dmarc ${v.dmarc.result}, arc ${v.arc.result}, verified ${v.verified}`,
  );
  if (!v.verified)
    throw new Error('the signed message did not pass DMARC: the measurement would be of a failure path');
  const queries0 = dns.queries();
  const auth = await sequential(AUTH_MESSAGES, (i) => authenticateInbound(authInput(i)));
  const dnsDuring = dns.queries() - queries0;
  const rows = [
    {
      what: 'authenticateInbound (SPF, DKIM, DMARC, ARC), warm DNS cache',
      calls: auth.latencies.length,
      'p50 (ms)': ms(percentile(auth.latencies, 50)),
      'p95 (ms)': ms(percentile(auth.latencies, 95)),
      'Node CPU ms / msg': (auth.cpuMs / auth.latencies.length).toFixed(2),
      'rspamd CPU ms / msg': '—',
      'DNS queries during': dnsDuring,
      load: loadAverage(),
    },
  ];

  // 2. checkWithRspamd, sequential, if rspamd is installed.
  let rspamd = null;
  if (!WANT_RSPAMD) {
    console.log('rspamd: left out (SENDER_RSPAMD=0)');
  } else if (!installed('rspamd')) {
    console.log('rspamd: not installed, its check and the run with RSPAMD_URL are skipped');
  } else {
    let redis = null;
    if (installed('redis-server')) {
      redis = await startRedis();
      started.push(() => redis.stop());
    }
    const rspamd0 = performance.now();
    rspamd = await startRspamd(dns.address, redis?.port);
    started.push(() => rspamd.stop());
    console.log(
      `rspamd ${spawnSync('rspamd', ['--version'], { encoding: 'utf8' }).stdout.trim()} on ${rspamd.url} (ready in ${((performance.now() - rspamd0) / 1000).toFixed(1)} s)${redis ? `, Bayes in redis-server on ${redis.port}` : ', no Redis (Bayes off)'}`,
    );
    const options = { url: rspamd.url };
    const meta = { ip: '127.0.0.1', helo: HELO, from: SENDER, rcpt: [RECIPIENT] };
    const verdict = await checkWithRspamd(options, messages[0], meta);
    console.log(
      `first rspamd verdict: score ${verdict.score} / ${verdict.requiredScore}, action "${verdict.action}", ${verdict.symbols.length} symbols`,
    );
    const rspamdCpu0 = treeCpuSeconds(rspamd.pid);
    const rspamdQueries0 = dns.queries();
    const check = await sequential(RSPAMD_MESSAGES, (i) =>
      checkWithRspamd(options, messages[i % messages.length], meta),
    );
    const rspamdCpuMs = (treeCpuSeconds(rspamd.pid) - rspamdCpu0) * 1000;
    // rspamd's own DNS queries (RBLs, SPF, DKIM) are answered by the dns2 server in this process.
    const rspamdQueries = dns.queries() - rspamdQueries0;
    rows.push({
      what: 'checkWithRspamd (HTTP /checkv2)',
      calls: check.latencies.length,
      'p50 (ms)': ms(percentile(check.latencies, 50)),
      'p95 (ms)': ms(percentile(check.latencies, 95)),
      'Node CPU ms / msg': (check.cpuMs / check.latencies.length).toFixed(2),
      // The first (unmeasured) call ran before rspamdCpu0 was read.
      'rspamd CPU ms / msg': (rspamdCpuMs / check.latencies.length).toFixed(2),
      'DNS queries during': rspamdQueries,
      load: loadAverage(),
    });
  }
  console.log(
    '\nPer message, sequential, one call at a time (the first call, unmeasured, warms the caches):',
  );
  console.log(table(rows));

  // 3. Delivery over SMTP: checks off, on, and on with rspamd. One server (and database) per
  // configuration, all started first; then ROUNDS rounds, the order rotated each round, so that the
  // shared machine's drifting load falls on every configuration alike.
  const on = { SENDER_CHECKS: 'true', DNS_SERVERS: dns.address, DMARC_ENFORCE: 'reject' };
  const targets = [
    await deliveryTarget('off (SENDER_CHECKS=false)', { SENDER_CHECKS: 'false' }, null),
    await deliveryTarget('sender checks', on, null),
  ];
  if (rspamd)
    targets.push(await deliveryTarget('sender checks + rspamd', { ...on, RSPAMD_URL: rspamd.url }, rspamd));
  for (const target of targets) {
    // Unmeasured: connections, JIT, and (checks on) the server's DNS cache.
    const warm = await runSmtpLoad({ ...loadOptions(target, messages), total: WARMUP, startAt: 0 });
    if (warm.failures > 0) throw new Error(`${target.label}: warm-up failed: ${warm.firstError}`);
  }
  const perRound = Math.max(SESSIONS, Math.ceil(MESSAGES / ROUNDS));
  for (let round = 0; round < ROUNDS; round += 1) {
    for (let i = 0; i < targets.length; i += 1) {
      const target = targets[(i + round) % targets.length];
      await deliveryRound(target, messages, WARMUP + round * perRound, perRound, dns);
    }
  }
  const runs = [];
  for (const target of targets) runs.push(await deliveryRow(target));
  const base = Number(runs[0]['median msg/s']);
  for (const r of runs) r['vs off'] = `${((Number(r['median msg/s']) / base - 1) * 100).toFixed(1)} %`;
  console.log(
    `\nInbound SMTP delivery, ${SESSIONS} sessions, the same DKIM-signed messages from ${SENDER} to one recipient; ${WARMUP} unmeasured, then ${ROUNDS} interleaved rounds of ${perRound}:`,
  );
  console.log(table(runs));
} catch (error) {
  console.error(`sender-checks bench failed: ${error.stack ?? error.message}`);
  exitCode = 1;
} finally {
  await stopAll();
}
console.log(`\nload after: ${loadAverage()}`);
process.exit(exitCode);
