import crypto from 'node:crypto';
import { LRUCache } from 'lru-cache';

/*
 * Whether a failed delivery is worth the sender's retry (issue 32). A 451 asks the sending server
 * to try again for days; for a message the database can never take (a value it refuses, a limit it
 * has) that was a mail lost slowly and a sender hammering us meanwhile. Such a failure is answered
 * 554 with the reason at once; any other failure that repeats for the very same bytes is answered
 * so too after a few tries, unless it is the database or the network being away, which always
 * deserves a retry.
 */

/** SQLSTATE classes of a value or a statement the database will refuse however often it is sent. */
const PERMANENT_CLASSES = new Set(['22', '54']);
/** SQLSTATE classes of a database that is away, busy or shutting down: always worth a retry. */
const TRANSIENT_CLASSES = new Set(['08', '40', '53', '55', '57', '58']);
const TRANSIENT_NODE_CODES =
  /^(E(CONNREFUSED|CONNRESET|PIPE|TIMEDOUT|HOSTUNREACH|NETUNREACH|AI_AGAIN|NOTFOUND|MFILE|NOSPC|IO|BUSY))$/;

/** Failures of the same message before it is answered as permanent. */
export const POISON_ATTEMPTS = 3;

export interface FailureVerdict {
  permanent: boolean;
  /** For the SMTP reply: what kind of problem, without any of the message's own text. */
  reason: string;
}

/** The error and its causes (Drizzle wraps the driver's error in `cause`). */
function chain(error: unknown): Array<{ code?: unknown; message?: unknown }> {
  const errors = [];
  for (let e: unknown = error, depth = 0; e && typeof e === 'object' && depth < 5; depth++) {
    errors.push(e as { code?: unknown; message?: unknown });
    e = (e as { cause?: unknown }).cause;
  }
  return errors;
}

function codesOf(error: unknown): string[] {
  return chain(error)
    .map((e) => e.code)
    .filter((code): code is string => typeof code === 'string');
}

const isSqlState = (code: string) => /^[0-9A-Z]{5}$/.test(code);

export class DeliveryFailures {
  /** Failed attempts by the SHA-256 of the message's bytes, for a day. */
  private readonly attempts = new LRUCache<string, number>({ max: 10_000, ttl: 24 * 3600 * 1000 });

  /** What to answer the sender for this failure of these bytes. */
  judge(error: unknown, raw: Buffer): FailureVerdict {
    const codes = codesOf(error);
    const states = codes.filter(isSqlState);
    if (states.some((state) => PERMANENT_CLASSES.has(state.slice(0, 2))))
      return { permanent: true, reason: `the message holds data this server cannot store (${states[0]})` };
    const transient =
      states.some((state) => TRANSIENT_CLASSES.has(state.slice(0, 2))) ||
      codes.some((code) => TRANSIENT_NODE_CODES.test(code)) ||
      chain(error).some((e) => typeof e.message === 'string' && /closed|terminat|timeout/i.test(e.message));
    if (transient) return { permanent: false, reason: 'temporary local problem' };
    const key = crypto.createHash('sha256').update(raw).digest('hex');
    const count = (this.attempts.get(key) ?? 0) + 1;
    this.attempts.set(key, count);
    return count >= POISON_ATTEMPTS
      ? { permanent: true, reason: `the message failed to be stored ${count} times` }
      : { permanent: false, reason: 'temporary local problem' };
  }
}

/** A delivery that retrying cannot mend: SMTP answers 554 5.6.0 with the reason. */
export class PermanentDeliveryError extends Error {
  constructor(
    readonly reason: string,
    cause: unknown,
  ) {
    super(reason, { cause });
    this.name = 'PermanentDeliveryError';
  }
}
