#!/usr/bin/env node
// Inbound SMTP memory (issue 11, finding 9): SMTP_MEMORY_SESSIONS (default 20) senders deliver one
// SMTP_MEMORY_MB (default 40) MB message each, all at once; prints the server's idle RSS, its peak
// during the run and the peak over idle. Target: under 300 MB over idle.
import { Readable } from 'node:stream';
import {
  benchDatabase,
  envInt,
  machineLine,
  mockLogin,
  sampleRss,
  settledRssKb,
  startBenchServer,
} from './harness.mjs';
import { table } from './lib.mjs';
import { openSession } from './smtp-client.mjs';

const SESSIONS = envInt('SMTP_MEMORY_SESSIONS', 20);
const MEGABYTES = envInt('SMTP_MEMORY_MB', 40);

/** One attachment body, shared by every message: the bench itself must not hold 800 MB. */
function attachmentBody(megabytes) {
  const line = Buffer.from(
    `${'QUJDREVGR0hJSktMTU5PUFFSU1RVVldYWVphYmNkZWZnaGlqa2xtbm9wcXJzdHV2d3h5ejAx'.slice(0, 76)}\r\n`,
  );
  return Buffer.alloc(Math.floor((megabytes * 1024 * 1024) / line.length) * line.length, line);
}

function messageStream(to, n, body) {
  const head = Buffer.from(
    `From: sender${n}@example.com\r\nTo: ${to}\r\nSubject: 대용량 첨부 ${n}\r\nMessage-ID: <mem-${n}-${Date.now()}@bench>\r\n` +
      'MIME-Version: 1.0\r\nContent-Type: multipart/mixed; boundary="mem"\r\n\r\n--mem\r\n' +
      'Content-Type: text/plain; charset=utf-8\r\n\r\n자료 보냅니다.\r\n--mem\r\n' +
      `Content-Type: application/octet-stream; name="data-${n}.bin"\r\n` +
      `Content-Disposition: attachment; filename="data-${n}.bin"\r\nContent-Transfer-Encoding: base64\r\n\r\n`,
  );
  return Readable.from([head, body, Buffer.from('--mem--\r\n')]);
}

const database = await benchDatabase();
const server = await startBenchServer(database);
try {
  const { user } = await mockLogin(server.base, 'memory@postline.local', '메모리');
  const body = attachmentBody(MEGABYTES);
  const idleKb = await settledRssKb(server.child.pid);
  const rss = sampleRss(server.child.pid);
  const started = performance.now();
  const results = await Promise.allSettled(
    Array.from({ length: SESSIONS }, async (_, n) => {
      const conn = await openSession(server.smtpPort);
      try {
        return await new Promise((resolve, reject) =>
          conn.send(
            { from: `sender${n}@example.com`, to: [user.email] },
            messageStream(user.email, n, body),
            (error, info) => (error ? reject(error) : resolve(info)),
          ),
        );
      } finally {
        conn.quit();
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  const { peakKb } = rss.stop();
  const accepted = results.filter((r) => r.status === 'fulfilled').length;
  const failures = results
    .filter((r) => r.status === 'rejected')
    .map((r) => String(r.reason?.message ?? r.reason));
  console.log(`\n## Inbound SMTP memory: ${SESSIONS} × ${MEGABYTES} MB at once\n`);
  console.log(machineLine(database.label));
  console.log('');
  console.log(
    table([
      {
        messages: SESSIONS,
        'accepted (250)': accepted,
        seconds: seconds.toFixed(1),
        'idle RSS MB': (idleKb / 1024).toFixed(0),
        'peak RSS MB': (peakKb / 1024).toFixed(0),
        'peak over idle MB': ((peakKb - idleKb) / 1024).toFixed(0),
        target: '< 300 MB over idle',
      },
    ]),
  );
  if (failures.length > 0) console.log(`failures: ${[...new Set(failures)].join('; ')}`);
} finally {
  await server.stop();
  await database.cleanup();
}
