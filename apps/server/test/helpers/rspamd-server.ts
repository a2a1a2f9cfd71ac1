import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { startDnsServer } from './dns-server.js';
import fs from 'node:fs';
import net, { type AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';

/**
 * A real rspamd (Debian's package) on 127.0.0.1 for one test file: its own config, database and
 * ports in a temporary folder, DNS pointed at the test's DNS server, Bayes statistics in a Redis
 * the test starts. The compiled Hyperscan rules (about 20 s of work) are kept between runs.
 */
export interface TestRspamd {
  url: string;
  controllerUrl: string;
  password: string;
  stop(): Promise<void>;
}

export function rspamdAvailable(): boolean {
  return spawnSync('rspamd', ['--version'], { stdio: 'ignore' }).status === 0;
}

async function freePort(): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

async function waitFor(check: () => Promise<boolean>, deadlineMs: number, what: string): Promise<void> {
  const deadline = Date.now() + deadlineMs;
  for (;;) {
    if (await check().catch(() => false)) return;
    if (Date.now() > deadline) throw new Error(`${what} did not come up within ${deadlineMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

const HS_CACHE = path.join(os.tmpdir(), 'postline-rspamd-hyperscan');

function copyRules(from: string, to: string): void {
  if (!fs.existsSync(from)) return;
  fs.mkdirSync(to, { recursive: true });
  for (const file of fs.readdirSync(from)) {
    if (!/\.(hs|hsmp|hsmc|unser)$/.test(file) || fs.existsSync(path.join(to, file))) continue;
    fs.copyFileSync(path.join(from, file), path.join(to, `${file}.tmp-${process.pid}`));
    fs.renameSync(path.join(to, `${file}.tmp-${process.pid}`), path.join(to, file));
  }
}

export async function startRspamd(options: { dnsServer: string; redisPort?: number }): Promise<TestRspamd> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'postline-rspamd-'));
  for (const sub of ['db', 'run', 'log', 'local.d']) fs.mkdirSync(path.join(dir, sub));
  copyRules(HS_CACHE, path.join(dir, 'db'));
  const [normalPort, controllerPort] = [await freePort(), await freePort()];
  const password = 'postline-test';
  fs.writeFileSync(
    path.join(dir, 'rspamd.conf'),
    `.include "$CONFDIR/common.conf"
options {
  pidfile = "$RUNDIR/rspamd.pid";
  .include "$CONFDIR/options.inc"
  dns { nameserver = ["${options.dnsServer}"]; timeout = 1s; retransmits = 1; }
  gtube_patterns = "all";
}
logging { type = "file"; filename = "$LOGDIR/rspamd.log"; level = "warning"; }
worker "normal" { bind_socket = "127.0.0.1:${normalPort}"; .include "$CONFDIR/worker-normal.inc" count = 1; }
worker "controller" {
  bind_socket = "127.0.0.1:${controllerPort}";
  .include "$CONFDIR/worker-controller.inc"
  password = "${password}";
  enable_password = "${password}";
}
`,
  );
  if (options.redisPort) {
    fs.writeFileSync(
      path.join(dir, 'local.d', 'classifier-bayes.conf'),
      `backend = "redis";\nservers = "127.0.0.1:${options.redisPort}";\nmin_learns = 1;\nautolearn = false;\n`,
    );
  }
  const asRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  const child: ChildProcess = spawn(
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
  const controllerUrl = `http://127.0.0.1:${controllerPort}`;
  const stop = async () => {
    if (child.exitCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5_000))]);
      if (child.exitCode === null) child.kill('SIGKILL');
    }
    fs.rmSync(dir, { recursive: true, force: true });
  };
  try {
    // Ready when the scanner answers a check, which needs its rules compiled.
    await waitFor(
      async () => {
        const ping = await fetch(`${controllerUrl}/ping`, { signal: AbortSignal.timeout(1_000) });
        if (!ping.ok) return false;
        const check = await fetch(`${url}/checkv2`, {
          method: 'POST',
          body: 'Subject: ping\r\n\r\nping\r\n',
          signal: AbortSignal.timeout(5_000),
        });
        return check.ok;
      },
      120_000,
      'rspamd',
    );
  } catch (error) {
    await stop();
    throw error;
  }
  copyRules(path.join(dir, 'db'), HS_CACHE);
  return { url, controllerUrl, password, stop };
}

const SHARED_REDIS_PORT = 6379;

function canConnect(port: number): Promise<boolean> {
  return new Promise<boolean>((resolve) => {
    const socket = net.connect(port, '127.0.0.1', () => {
      socket.end();
      resolve(true);
    });
    socket.on('error', () => resolve(false));
  });
}

/** A Redis can be had: the redis-server binary, or one already running on 6379 (CI runs one). */
export async function redisAvailable(): Promise<boolean> {
  if (spawnSync('redis-server', ['--version'], { stdio: 'ignore' }).status === 0) return true;
  return canConnect(SHARED_REDIS_PORT);
}

/**
 * A Redis of the test's own on a free port (rspamd keeps its Bayes statistics there); where there is
 * no redis-server to start, the one on 6379 (rspamd's counters the tests read are its own anyway).
 */
export async function startRedis(): Promise<{ port: number; stop(): Promise<void> }> {
  if (spawnSync('redis-server', ['--version'], { stdio: 'ignore' }).status !== 0) {
    if (await canConnect(SHARED_REDIS_PORT)) return { port: SHARED_REDIS_PORT, stop: async () => undefined };
    throw new Error('no redis-server to start and no Redis on 127.0.0.1:6379');
  }
  const port = await freePort();
  const child = spawn(
    'redis-server',
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    {
      stdio: 'ignore',
    },
  );
  await waitFor(() => canConnect(port), 20_000, 'redis');
  return {
    port,
    stop: async () => {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5_000))]);
    },
  };
}

/** rspamd with what it needs around it: a DNS server of its own and a Redis for Bayes. */
export interface SpamFilterStack {
  rspamd: TestRspamd;
  /** RSPAMD_* settings for createTestApp. */
  env: Record<string, string>;
  stop(): Promise<void>;
}

/**
 * Whether this machine can run the stack; when not, says so in one line for `what` (CI has both).
 */
export async function spamFilterAvailable(what: string): Promise<boolean> {
  const available = rspamdAvailable() && (await redisAvailable());
  if (!available) console.warn(`rspamd or Redis is not available here: ${what} is skipped (CI has both)`);
  return available;
}

export async function startSpamFilter(): Promise<SpamFilterStack> {
  const dns = await startDnsServer({});
  const redis = await startRedis();
  const rspamd = await startRspamd({ dnsServer: dns.address, redisPort: redis.port });
  return {
    rspamd,
    env: {
      RSPAMD_URL: rspamd.url,
      RSPAMD_CONTROLLER_URL: rspamd.controllerUrl,
      RSPAMD_PASSWORD: rspamd.password,
    },
    async stop() {
      await rspamd.stop();
      await redis.stop();
      await dns.close();
    },
  };
}
