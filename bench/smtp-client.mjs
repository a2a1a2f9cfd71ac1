// Driving inbound SMTP with nodemailer's SMTPConnection: a fixed pool of sessions, each sending one
// message after another on its connection; every message's time from send() to the 250 is kept.
import SMTPConnection from 'nodemailer/lib/smtp-connection';

const KOREAN_LINES = [
  '안녕하세요, 이번 주 금요일 오후 세 시에 정기 점검이 예정되어 있습니다.',
  '점검 시간 동안에는 메일 송수신이 잠시 지연될 수 있으니 양해 부탁드립니다.',
  '문의 사항이 있으시면 운영팀으로 연락 주시기 바랍니다. 감사합니다.',
];

function encodedWord(text) {
  return `=?UTF-8?B?${Buffer.from(text, 'utf8').toString('base64')}?=`;
}

/** A small Korean text message (about 0.5 kB), unique Message-ID each time. */
export function koreanMessage(to, n) {
  const body = `${KOREAN_LINES.join('\r\n')}\r\n\r\n— 운영팀 드림 (${n})\r\n`;
  return [
    `From: ${encodedWord('운영팀')} <ops@example.com>`,
    `To: <${to}>`,
    `Subject: ${encodedWord(`[공지] 정기 점검 안내 ${n}`)}`,
    `Date: ${new Date().toUTCString()}`,
    `Message-ID: <bench-${process.pid}-${n}-${Date.now()}@example.com>`,
    'MIME-Version: 1.0',
    'Content-Type: text/plain; charset=utf-8',
    'Content-Transfer-Encoding: 8bit',
    '',
    body,
  ].join('\r\n');
}

/** This run's Message-IDs of the reply chains, so that repeated runs never answer each other's mail. */
const REPLY_RUN = `${process.pid}-${Date.now()}`;
/** Messages per conversation in the reply mode: the first starts it, each next answers the last. */
export const REPLY_CHAIN = 10;
/**
 * How far back a reply's parent was sent: replies answer mail stored well before them, as in life;
 * with neighbours the sessions' races stored many replies before their parents (each then a merge).
 */
export const REPLY_GAP = 50;

/**
 * The Korean message as a reply (issue 36): message n answers message n - REPLY_GAP, in chains of
 * REPLY_CHAIN (In-Reply-To and References), so delivery looks its parent up and threads it.
 */
export function koreanReply(to, n) {
  const id = (k) => `<bench-reply-${REPLY_RUN}-${k}@example.com>`;
  const position = Math.floor(n / REPLY_GAP) % REPLY_CHAIN;
  const root = n - position * REPLY_GAP;
  const parent = n - REPLY_GAP;
  const headers =
    position === 0
      ? []
      : [`In-Reply-To: ${id(parent)}`, `References: ${id(root)}${parent > root ? ` ${id(parent)}` : ''}`];
  return koreanMessage(to, n)
    .replace(/^Message-ID: .*$/m, `Message-ID: ${id(n)}`)
    .replace(/^Subject: .*$/m, (line) =>
      [position === 0 ? line : line.replace('Subject: ', 'Subject: Re: '), ...headers].join('\r\n'),
    );
}

export async function openSession(port) {
  const conn = new SMTPConnection({
    host: '127.0.0.1',
    port,
    ignoreTLS: true,
    connectionTimeout: 10_000,
    socketTimeout: 60_000,
  });
  await new Promise((resolve, reject) => {
    conn.once('error', reject);
    conn.connect(() => {
      conn.removeListener('error', reject);
      resolve();
    });
  });
  // Errors after the handshake surface through send()'s callback; keep the emitter from throwing.
  conn.on('error', () => undefined);
  return conn;
}

function sendOne(conn, to, raw, from = 'ops@example.com') {
  return new Promise((resolve, reject) => {
    conn.send({ from, to: [to] }, raw, (error, info) => (error ? reject(error) : resolve(info)));
  });
}

/**
 * Sends up to `total` messages over `sessions` parallel connections, stopping after `maxMs`.
 * `to` is one address, or a function of the session's index for one recipient per session.
 * Answers per-message latencies (ms, send() to 250), the wall time and the failures.
 * `message(rcpt, n)` and `from` (the envelope sender) replace the Korean message from
 * ops@example.com, e.g. with messages signed beforehand.
 */
export async function runSmtpLoad({
  port,
  to,
  sessions,
  total,
  maxMs,
  startAt = 0,
  onAccepted,
  message = koreanMessage,
  from,
}) {
  const recipientOf = typeof to === 'function' ? to : () => to;
  const conns = await Promise.all(Array.from({ length: sessions }, () => openSession(port)));
  const latencies = [];
  let next = 0;
  let failures = 0;
  let firstError = '';
  const started = performance.now();
  const deadline = started + maxMs;
  async function worker(index) {
    let conn = conns[index];
    while (next < total && performance.now() < deadline) {
      const n = startAt + next;
      next += 1;
      const rcpt = recipientOf(index);
      const raw = message(rcpt, n);
      const t0 = performance.now();
      try {
        const info = await sendOne(conn, rcpt, raw, from);
        const t1 = performance.now();
        latencies.push(t1 - t0);
        onAccepted?.(n, t0, t1, info);
      } catch (error) {
        failures += 1;
        firstError ||= error.message;
        conn.close();
        conn = await openSession(port);
        conns[index] = conn;
      }
    }
  }
  await Promise.all(conns.map((_, i) => worker(i)));
  const wallMs = performance.now() - started;
  for (const conn of conns) conn.quit();
  return { latencies, wallMs, failures, firstError, sent: next };
}
