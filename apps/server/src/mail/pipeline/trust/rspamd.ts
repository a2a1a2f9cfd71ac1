/*
 * rspamd's HTTP protocol (https://rspamd.com/doc/developers/protocol.html): /checkv2 on the normal
 * worker scores a message; /learnspam and /learnham on the controller teach its Bayes classifier.
 * Written on fetch because the protocol is two POSTs; there is no maintained Node client.
 */

export interface RspamdOptions {
  /** The normal worker, e.g. http://127.0.0.1:11333. */
  url: string;
  /** The controller for learning; by default the normal worker's host on port 11334. */
  controllerUrl?: string | undefined;
  password?: string | undefined;
  timeoutMs?: number;
}

export interface SpamSymbol {
  name: string;
  score: number;
  description?: string;
}

export interface SpamVerdict {
  score: number;
  requiredScore: number;
  /** rspamd's own decision: 'no action', 'greylist', 'add header', 'rewrite subject', 'reject'. */
  action: string;
  symbols: SpamSymbol[];
}

export interface CheckMeta {
  ip?: string;
  helo?: string;
  from?: string;
  rcpt?: string[];
  queueId?: string;
}

function controllerOf(options: RspamdOptions): string {
  if (options.controllerUrl) return options.controllerUrl.replace(/\/$/, '');
  const url = new URL(options.url);
  url.port = '11334';
  return url.toString().replace(/\/$/, '');
}

async function post(url: string, body: Buffer, headers: Record<string, string>, timeoutMs: number) {
  const response = await fetch(url, {
    method: 'POST',
    body,
    headers,
    signal: AbortSignal.timeout(timeoutMs),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`rspamd answered ${response.status}: ${text.slice(0, 200)}`);
  return text;
}

export async function checkWithRspamd(
  options: RspamdOptions,
  raw: Buffer,
  meta: CheckMeta = {},
): Promise<SpamVerdict> {
  const headers: Record<string, string> = { 'Content-Type': 'message/rfc822' };
  if (meta.ip) headers.IP = meta.ip;
  if (meta.helo) headers.Helo = meta.helo;
  if (meta.from !== undefined) headers.From = meta.from;
  if (meta.queueId) headers['Queue-Id'] = meta.queueId;
  // The protocol allows Rcpt repeated; fetch joins repeats with ", ", which rspamd also reads.
  if (meta.rcpt && meta.rcpt.length > 0) headers.Rcpt = meta.rcpt.join(', ');
  const text = await post(
    `${options.url.replace(/\/$/, '')}/checkv2`,
    raw,
    headers,
    options.timeoutMs ?? 15_000,
  );
  const answer = JSON.parse(text) as {
    score?: number;
    required_score?: number;
    action?: string;
    symbols?: Record<string, { name: string; score: number; description?: string }>;
  };
  return {
    score: Number(answer.score ?? 0),
    requiredScore: Number(answer.required_score ?? 0),
    action: answer.action ?? 'no action',
    symbols: Object.values(answer.symbols ?? {})
      .map((symbol) => ({
        name: symbol.name,
        score: Number(symbol.score),
        ...(symbol.description ? { description: symbol.description } : {}),
      }))
      .sort((a, b) => b.score - a.score || a.name.localeCompare(b.name)),
  };
}

/** Teaches rspamd that this message is spam, or that it is not. */
export async function learnWithRspamd(
  options: RspamdOptions,
  raw: Buffer,
  kind: 'spam' | 'ham',
): Promise<void> {
  const headers: Record<string, string> = { 'Content-Type': 'message/rfc822' };
  if (options.password) headers.Password = options.password;
  const text = await post(`${controllerOf(options)}/learn${kind}`, raw, headers, options.timeoutMs ?? 15_000);
  // "already learned" is an answer too: the classifier has it either way.
  if (/"success"\s*:\s*false/.test(text) && !/already learned/i.test(text)) {
    throw new Error(`rspamd did not learn the message: ${text.slice(0, 200)}`);
  }
}
