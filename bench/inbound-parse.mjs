#!/usr/bin/env node
// What reading inbound mail in the parse pool costs (issue 32): the same messages read on the event
// loop (parseIncoming and the derived content, as before the pool) and through the pool's worker
// threads, in alternating rounds. Prints, per way and message kind, messages a second and the
// process's CPU per message (every thread counted), and how long the event loop was held at most.
// Needs the server built (npm run build). Sizes: PARSE_MESSAGES (per round, 2000), PARSE_ROUNDS (3).
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { envInt, machineLine } from './harness.mjs';
import { table } from './lib.mjs';

const { parseIncoming } = await import('../apps/server/dist/mail/format/incoming-mime.js');
const { deriveContent } = await import('../apps/server/dist/mail/format/derived-content.js');
const { createInboundParser } = await import('../apps/server/dist/mail/transport/parse-pool.js');
const { DEFAULT_INBOUND_PARSE } = await import('../apps/server/dist/lib/mail-limits.js');

const MESSAGES = envInt('PARSE_MESSAGES', 2000);
const ROUNDS = envInt('PARSE_ROUNDS', 3);

function message(n, body, type = 'text/plain') {
  return Buffer.from(
    `From: 파트너 <partner${n}@example.com>\r\nTo: jun@postline.local\r\nSubject: 견적 ${n}\r\n` +
      `Message-ID: <parse-${n}@bench>\r\nDate: Sat, 28 Nov 2026 10:00:00 +0900\r\nMIME-Version: 1.0\r\n` +
      `Content-Type: ${type}; charset=utf-8\r\n\r\n${body}\r\n`,
  );
}

const KINDS = {
  '1 kB text': (n) => message(n, '안녕하세요. 다음 주 회의 자료를 보내드립니다. '.repeat(20)),
  '30 kB HTML': (n) =>
    message(
      n,
      `<table><tr><td style="color:#333">${'<p>뉴스레터 <b>소식</b></p>'.repeat(1000)}</td></tr></table>`,
      'text/html',
    ),
};

const inline = async (raw) => deriveContent(await parseIncoming(raw, raw.length));

async function round(read, make) {
  const delay = monitorEventLoopDelay({ resolution: 5 });
  delay.enable();
  const cpu = process.cpuUsage();
  const started = performance.now();
  // Eight at a time, as several SMTP sessions deliver together.
  for (let n = 0; n < MESSAGES; n += 8)
    await Promise.all(Array.from({ length: Math.min(8, MESSAGES - n) }, (_, i) => read(make(n + i))));
  const ms = performance.now() - started;
  const used = process.cpuUsage(cpu);
  delay.disable();
  return {
    perSecond: (MESSAGES / ms) * 1000,
    cpuMs: (used.user + used.system) / 1000 / MESSAGES,
    loopMaxMs: delay.max / 1e6,
  };
}

console.log(machineLine('none (parsing only)'));
const pool = createInboundParser(DEFAULT_INBOUND_PARSE);
const pooled = (raw) => pool.parse(raw, raw.length, {});
const results = [];
try {
  for (const [kind, make] of Object.entries(KINDS)) {
    await round(inline, make); // warm both ways up
    await round(pooled, make);
    for (let r = 1; r <= ROUNDS; r++) {
      for (const [way, read] of [
        ['event loop', inline],
        ['parse pool', pooled],
      ])
        results.push({ kind, way, round: r, ...(await round(read, make)) });
    }
  }
} finally {
  await pool.close();
}
const median = (values) => values.sort((a, b) => a - b)[Math.floor(values.length / 2)];
console.log(
  `${MESSAGES} messages a round, ${ROUNDS} rounds each way, alternated; ${DEFAULT_INBOUND_PARSE.threads} pool threads`,
);
console.log(
  table(
    Object.keys(KINDS).flatMap((kind) =>
      ['event loop', 'parse pool'].map((way) => {
        const rows = results.filter((r) => r.kind === kind && r.way === way);
        return {
          messages: kind,
          'read on': way,
          'msg/s (median)': median(rows.map((r) => r.perSecond)).toFixed(0),
          'CPU ms a message, all threads (median)': median(rows.map((r) => r.cpuMs)).toFixed(3),
          'longest event-loop hold (ms, max)': Math.max(...rows.map((r) => r.loopMaxMs)).toFixed(1),
        };
      }),
    ),
  ),
);
