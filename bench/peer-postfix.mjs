// The peer of bench/smtp-peer.mjs: a private Postfix (smtpd → queue → lmtp) handing mail to a private
// Dovecot LMTP that writes Maildir, both in one temporary folder on free loopback ports, and the
// process-tree CPU accounting used for both sides. Installs nothing; starts nothing system-wide.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { freePort, tempDir } from './lib.mjs';

const NEEDED = [
  ['/usr/sbin/smtp-source', 'postfix'],
  ['/usr/sbin/postfix', 'postfix'],
  ['/usr/lib/postfix/sbin/master', 'postfix'],
  ['/usr/sbin/dovecot', 'dovecot-core'],
  ['/usr/lib/dovecot/lmtp', 'dovecot-lmtpd'],
];

/** What is missing to run the peer, as lines to print (empty when all is there). */
export function missingPeer() {
  const missing = NEEDED.filter(([file]) => !fs.existsSync(file));
  const lines = missing.map(([file, pkg]) => `${file} (Debian package ${pkg})`);
  if (lines.length === 0 && process.getuid?.() !== 0) {
    lines.push("root: Postfix's master daemon must be started as root (it drops privileges itself)");
  }
  return lines;
}

export const PEER_DOMAIN = 'bench.test';
export const PEER_RECIPIENT = `rcpt@${PEER_DOMAIN}`;

const MASTER_CF = (smtpPort) =>
  `127.0.0.1:${smtpPort} inet n - n - - smtpd
pickup unix n - n 60 1 pickup
cleanup unix n - n - 0 cleanup
qmgr unix n - n 300 1 qmgr
rewrite unix - - n - - trivial-rewrite
bounce unix - - n - 0 bounce
defer unix - - n - 0 bounce
trace unix - - n - 0 bounce
verify unix - - n - 1 verify
flush unix n - n 1000? 0 flush
proxymap unix - - n - - proxymap
smtp unix - - n - - smtp
showq unix n - n - - showq
error unix - - n - - error
retry unix - - n - - error
discard unix - - n - - discard
lmtp unix - - n - - lmtp
anvil unix - - n - 1 anvil
scache unix - - n - 1 scache
postlog unix-dgram n - n - 1 postlogd
`;

// Stock Postfix 3.7 settings apart from where things live and where bench.test goes: relayed (no
// local recipient check) to Dovecot over LMTP. in_flow_delay and the concurrency limits are defaults.
const MAIN_CF = (dir, lmtpPort) =>
  `compatibility_level = 3.6
queue_directory = ${dir}/queue
data_directory = ${dir}/data
maillog_file = ${dir}/postfix.log
maillog_file_prefixes = ${dir}
mail_owner = postfix
setgid_group = postdrop
myhostname = peer.${PEER_DOMAIN}
mydomain = ${PEER_DOMAIN}
mydestination =
inet_interfaces = 127.0.0.1
inet_protocols = ipv4
mynetworks = 127.0.0.0/8
relay_domains = ${PEER_DOMAIN}
relay_transport = lmtp:inet:127.0.0.1:${lmtpPort}
alias_maps =
alias_database =
local_recipient_maps =
smtputf8_enable = no
biff = no
`;

// Dovecot 2.3 with nothing but LMTP; every user exists (static userdb) and is stored as `nobody`.
// lmtp_user_concurrency_limit = 0: the default (10) would defer most of 50 sessions to one user.
const DOVECOT_CONF = (dir, lmtpPort) =>
  `base_dir = ${dir}/run
state_dir = ${dir}/state
log_path = ${dir}/dovecot.log
protocols = lmtp
listen = 127.0.0.1
ssl = no
default_internal_user = dovecot
default_login_user = dovenull
first_valid_uid = 1
mail_location = maildir:${dir}/mail/%n/Maildir
lmtp_user_concurrency_limit = 0
passdb {
  driver = static
  args = nopassword=y
}
userdb {
  driver = static
  args = uid=65534 gid=65534 home=${dir}/mail/%n allow_all_users=yes
}
service lmtp {
  inet_listener lmtp {
    address = 127.0.0.1
    port = ${lmtpPort}
  }
}
`;

function sleep(ms) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/**
 * Starts Dovecot then Postfix in a fresh temporary folder. Answers { smtpPort, delivered(),
 * pids(), stop() }; stop() is synchronous (it also runs on exit) and removes the folder.
 */
export async function startPeer() {
  const dir = tempDir('postline-peer-');
  fs.chmodSync(dir, 0o755); // the postfix, dovecot and nobody users must reach their folders
  const pf = path.join(dir, 'postfix');
  const dc = path.join(dir, 'dovecot');
  for (const d of [pf, path.join(pf, 'data'), dc, path.join(dc, 'run'), path.join(dc, 'state')]) {
    fs.mkdirSync(d, { recursive: true });
  }
  fs.mkdirSync(path.join(pf, 'queue'), { mode: 0o755 }); // postfix-script makes the rest
  fs.mkdirSync(path.join(dc, 'mail'), { recursive: true });
  fs.chownSync(path.join(dc, 'mail'), 65534, 65534);
  spawnSync('chown', ['postfix', path.join(pf, 'data')]);
  const smtpPort = await freePort();
  const lmtpPort = await freePort();
  fs.writeFileSync(path.join(pf, 'main.cf'), MAIN_CF(pf, lmtpPort));
  fs.writeFileSync(path.join(pf, 'master.cf'), MASTER_CF(smtpPort));
  fs.writeFileSync(path.join(dc, 'dovecot.conf'), DOVECOT_CONF(dc, lmtpPort));

  let dovecot;
  let stopped = false;
  const masterPid = () => {
    try {
      return Number(fs.readFileSync(path.join(pf, 'queue/pid/master.pid'), 'utf8').trim());
    } catch {
      return NaN;
    }
  };
  const stop = () => {
    if (stopped) return;
    stopped = true;
    const master = masterPid();
    spawnSync('/usr/sbin/postfix', ['-c', pf, 'stop'], { stdio: 'ignore', timeout: 20_000 });
    for (const pid of [master, dovecot?.pid]) {
      if (!Number.isFinite(pid)) continue;
      for (const p of [...descendants([pid])].reverse()) {
        try {
          process.kill(p, 'SIGKILL');
        } catch {
          // already gone
        }
      }
    }
    fs.rmSync(dir, { recursive: true, force: true, maxRetries: 10, retryDelay: 100 }); // Dovecot may still be writing as it stops
  };
  process.once('exit', stop); // signals: bench/smtp-peer.mjs calls stop() and exits

  try {
    dovecot = spawn('/usr/sbin/dovecot', ['-F', '-c', path.join(dc, 'dovecot.conf')], {
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let dovecotErr = '';
    dovecot.stderr.on('data', (d) => (dovecotErr += d));
    const start = spawnSync('/usr/sbin/postfix', ['-c', pf, 'start'], { encoding: 'utf8', timeout: 60_000 });
    if (start.status !== 0) throw new Error(`postfix start failed: ${start.stderr}${start.stdout}`);
    const deadline = performance.now() + 20_000;
    while (!(await listening(smtpPort)) || !(await listening(lmtpPort))) {
      if (dovecot.exitCode !== null) throw new Error(`dovecot exited: ${dovecotErr}`);
      if (performance.now() > deadline) throw new Error('Postfix or Dovecot did not listen within 20 s');
      await sleep(100);
    }
  } catch (error) {
    stop();
    throw error;
  }
  const maildir = path.join(dc, 'mail', PEER_RECIPIENT.split('@')[0], 'Maildir');
  return {
    smtpPort,
    dir,
    /** Messages stored in the recipient's Maildir (new/ and cur/). */
    delivered() {
      let n = 0;
      for (const sub of ['new', 'cur']) {
        try {
          n += fs.readdirSync(path.join(maildir, sub)).length;
        } catch {
          // not created before the first delivery
        }
      }
      return n;
    },
    pids: () => [masterPid(), dovecot.pid].filter(Number.isFinite),
    log: () =>
      ['postfix/postfix.log', 'dovecot/dovecot.log'].map((f) => readTail(path.join(dir, f))).join('\n'),
    stop,
  };
}

function readTail(file) {
  try {
    return fs
      .readFileSync(file, 'utf8')
      .split('\n')
      .slice(-400)
      .filter((l) => /warning|fatal|error/i.test(l))
      .slice(-15)
      .join('\n');
  } catch {
    return '';
  }
}

function listening(port) {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/** Every process's /proc/<pid>/stat fields after the command name, by pid. */
function allStats() {
  const stats = new Map();
  for (const name of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${name}/stat`, 'utf8');
      stats.set(Number(name), stat.slice(stat.lastIndexOf(')') + 2).split(' '));
    } catch {
      // ended meanwhile
    }
  }
  return stats;
}

/** The given pids and all their descendants, parents before children. */
export function descendants(roots, stats = allStats()) {
  const children = new Map();
  for (const [pid, f] of stats) {
    const ppid = Number(f[1]);
    if (!children.has(ppid)) children.set(ppid, []);
    children.get(ppid).push(pid);
  }
  const seen = new Set();
  const queue = roots.filter((pid) => stats.has(pid));
  while (queue.length > 0) {
    const pid = queue.shift();
    if (seen.has(pid)) continue;
    seen.add(pid);
    queue.push(...(children.get(pid) ?? []));
  }
  return seen;
}

/**
 * CPU seconds (user + system) used so far by the process trees under `roots`: for every live
 * process its own utime + stime plus cutime + cstime, the time of the children it has already
 * waited for. So a Postfix smtpd or lmtp process that ended during a run is still counted, through
 * master's cutime; the difference of two readings is all the CPU the tree used in between.
 */
export function treeCpuSeconds(roots) {
  const stats = allStats();
  let ticks = 0;
  for (const pid of descendants(roots, stats)) {
    const f = stats.get(pid);
    ticks += Number(f[11]) + Number(f[12]) + Number(f[13]) + Number(f[14]);
  }
  return ticks / 100; // USER_HZ is 100 on Linux
}
