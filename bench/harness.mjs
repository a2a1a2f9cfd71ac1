// What the load benchmarks share beyond lib.mjs: a throw-away database per run (PGlite in the
// temp data folder, or a fresh PostgreSQL database when BENCH_DATABASE_URL is set), signing in,
// JSON calls, sampling the server's RSS, and the line that says what machine and load it ran on.
import { execFileSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import pg from 'pg';
import { startServer, tempDir } from './lib.mjs';

export const postgresUrl = process.env.BENCH_DATABASE_URL || undefined;

/** An integer from the environment, so every size can be made small while developing. */
export function envNumber(name, fallback) {
  const value = process.env[name];
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isFinite(n) || n < 0) throw new Error(`${name} must be a non-negative number`);
  return n;
}

export function envInt(name, fallback) {
  return Math.floor(envNumber(name, fallback));
}

export function envList(name, fallback) {
  const value = process.env[name];
  if (!value) return fallback;
  return value.split(',').map((part) => Number(part.trim()));
}

function databaseNamed(url, name) {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

/**
 * The database one benchmark run uses: PGlite in its own data folder, or a new PostgreSQL database
 * (postline_bench_<random>) dropped again by cleanup().
 */
export async function benchDatabase() {
  const dataDir = tempDir();
  if (!postgresUrl) {
    return {
      kind: 'pglite',
      label: 'PGlite (embedded)',
      dataDir,
      url: undefined,
      async cleanup() {
        fs.rmSync(dataDir, { recursive: true, force: true });
      },
    };
  }
  const name = `postline_bench_${crypto.randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: postgresUrl });
  await admin.connect();
  let version = '';
  try {
    await admin.query(`CREATE DATABASE ${name}`);
    version = (await admin.query('SHOW server_version')).rows[0].server_version;
  } finally {
    await admin.end();
  }
  return {
    kind: 'postgres',
    label: `PostgreSQL ${version.split(' ')[0]}`,
    dataDir,
    url: databaseNamed(postgresUrl, name),
    async cleanup() {
      const drop = new pg.Client({ connectionString: postgresUrl });
      await drop.connect();
      try {
        await drop.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await drop.end();
      }
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * The production server on this run's database; sign-in limits raised so many users can sign in.
 * If it cannot start, the run's database is dropped before the error goes on: nothing is left behind.
 */
export async function startBenchServer(database, env = {}) {
  try {
    return await startServer({
      dataDir: database.dataDir,
      env: {
        AUTH_RATE_LIMIT_PER_MINUTE: '1000000',
        // Every bench session comes from 127.0.0.1: the per-address SMTP cap would refuse most.
        SMTP_MAX_PER_IP: '1000',
        SMTP_MAX_CLIENTS: '1000',
        ...(database.url ? { DATABASE_URL: database.url } : {}),
        ...env,
      },
    });
  } catch (error) {
    await database.cleanup().catch(() => undefined);
    throw error;
  }
}

/** JSON call; throws with the status and body on anything but 2xx. Answers the envelope's data. */
export async function api(base, token, method, path, body) {
  const res = await fetch(base + path, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
      'accept-language': 'ko',
    },
    body: body !== undefined ? JSON.stringify(body) : undefined,
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${text.slice(0, 300)}`);
  return text ? JSON.parse(text).data : undefined;
}

/** Creates (or signs in) a user through the development sign-in; answers token and user. */
export async function mockLogin(base, email, name = email.split('@')[0]) {
  const data = await api(base, undefined, 'POST', '/api/v1/auth/mock-login', { email, name });
  return { token: data.accessToken, user: data.user };
}

export function rssKb(pid) {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    const match = /VmRSS:\s+(\d+)\s+kB/.exec(status);
    return match ? Number(match[1]) : NaN;
  } catch {
    return NaN;
  }
}

/** Samples VmRSS every `everyMs` until stop(); answers the peak and the last value, in kB. */
export function sampleRss(pid, everyMs = 20) {
  let peak = rssKb(pid);
  let last = peak;
  const timer = setInterval(() => {
    const kb = rssKb(pid);
    if (Number.isFinite(kb)) {
      last = kb;
      if (kb > peak) peak = kb;
    }
  }, everyMs);
  return {
    stop() {
      clearInterval(timer);
      return { peakKb: peak, lastKb: last };
    },
  };
}

/** RSS averaged over a short quiet window: a single sample can land in the middle of a GC. */
export async function settledRssKb(pid, ms = 1000) {
  const values = [];
  const end = performance.now() + ms;
  while (performance.now() < end) {
    values.push(rssKb(pid));
    await sleep(50);
  }
  values.sort((a, b) => a - b);
  return values[Math.floor(values.length / 2)];
}

export function sleep(ms) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

export function loadAverage() {
  return os
    .loadavg()
    .map((n) => n.toFixed(2))
    .join(', ');
}

/** One line for the report: when, where, on what, under which load. */
export function machineLine(databaseLabel) {
  let uptime = '';
  try {
    uptime = execFileSync('uptime', { encoding: 'utf8' }).trim();
  } catch {
    uptime = `load average: ${loadAverage()}`;
  }
  const cpu = os.cpus()[0]?.model ?? 'unknown CPU';
  return [
    `date: ${new Date().toISOString()}`,
    `database: ${databaseLabel}`,
    `machine: ${os.cpus().length} cores (${cpu}), ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}`,
    `uptime before: ${uptime}`,
  ].join('\n');
}

export function ms(value) {
  return Number.isFinite(value) ? value.toFixed(1) : 'n/a';
}

export function sorted(values) {
  return [...values].sort((a, b) => a - b);
}

/** CPU seconds (user + system) a process has used so far, from /proc/<pid>/stat. */
export function cpuSeconds(pid) {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name, which is in parentheses and may hold spaces.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return NaN;
  }
}

/** CPU seconds so far of each PostgreSQL backend serving the database at `url` (same machine only). */
async function backendCpu(url) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query(
      'SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()',
    );
    return new Map(rows.map((r) => [r.pid, cpuSeconds(r.pid)]).filter(([, v]) => Number.isFinite(v)));
  } finally {
    await client.end();
  }
}

/**
 * Measures how many cores the server, this process and (given the database URL of a PostgreSQL on
 * this machine) the database's backends used while `work` ran. Backends that end during the run
 * are missed, so the database figure is a lower bound.
 */
export async function withCpu(pid, work, databaseUrl) {
  const server0 = cpuSeconds(pid);
  const self0 = process.cpuUsage();
  const backends0 = databaseUrl ? await backendCpu(databaseUrl) : new Map();
  const t0 = performance.now();
  const result = await work();
  const seconds = (performance.now() - t0) / 1000;
  const self = process.cpuUsage(self0);
  let databaseCores = NaN;
  if (databaseUrl) {
    const backends1 = await backendCpu(databaseUrl);
    let used = 0;
    for (const [backend, cpu] of backends1) used += cpu - (backends0.get(backend) ?? 0);
    databaseCores = used / seconds;
  }
  const serverCpuSeconds = cpuSeconds(pid) - server0;
  return {
    result,
    seconds,
    serverCpuSeconds,
    serverCores: serverCpuSeconds / seconds,
    clientCores: (self.user + self.system) / 1e6 / seconds,
    databaseCpuSeconds: databaseCores * seconds,
    databaseCores,
  };
}

/** Signs in through the login page's mock form, as a person does, and waits for the dashboard. */
export async function signInInBrowser(page, base, email, name) {
  await page.goto(`${base}/login`);
  await page.getByLabel('이메일').fill(email);
  await page.getByLabel('이름').fill(name);
  await page.getByRole('button', { name: '로그인', exact: true }).click();
  await page.waitForURL(/\/dashboard$/);
}
