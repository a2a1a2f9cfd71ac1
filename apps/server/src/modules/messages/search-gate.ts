import type { FastifyReply } from 'fastify';
import { AppError } from '../../lib/errors.js';
import { localizedText } from '../../lib/i18n.js';

/**
 * How many searches run at once (issue 32, finding 5): a few per user, and a few on this node in
 * all, the rest waiting their turn first come, first served. On PGlite every statement of every
 * user runs on one thread, one after another: without a cap, eight searches of one user queued
 * eight expensive statements ahead of every other user's inbox page (p95 16 ms → 1,392 ms).
 * Hand-written: p-limit and its kin queue without bound and know no per-user count or wait limit.
 */

export interface SearchGateLimits {
  /** Searches one user may have running or waiting; one more is refused with 429. */
  perUser: number;
  /** Searches running at once on this node; more wait in line. */
  concurrent: number;
  /** How long one waits in line before it is refused with 503. */
  maxWaitMs: number;
}

interface Waiter {
  userId: number;
  grant(): void;
}

export class SearchGate {
  private readonly perUser = new Map<number, number>();
  private readonly waiting: Waiter[] = [];
  private running = 0;

  constructor(private readonly limits: SearchGateLimits) {}

  /** Runs `work` once a place is free; refuses at once when the user already has enough going. */
  async run<T>(userId: number, reply: FastifyReply, work: () => Promise<T>): Promise<T> {
    const mine = this.perUser.get(userId) ?? 0;
    if (mine >= this.limits.perUser) {
      // A search typically answers well within a second: by then one of the user's is done.
      void reply.header('retry-after', '1');
      throw new AppError(429, 'RATE_LIMITED', { text: localizedText('messages:searchBusy') });
    }
    this.perUser.set(userId, mine + 1);
    try {
      await this.turn(userId, reply);
      try {
        // PGlite answers statements without yielding to the event loop: a search that went straight
        // on would finish before the next request was even read. Then each of twelve looping clients
        // got its whole budget in turn, the gate never saw two at once, and a search let in as
        // another ended ran right after it. Yielding first lets the requests already waiting be
        // counted (and refused) and other users' requests run, before this one takes the database.
        await new Promise((resolve) => setImmediate(resolve));
        return await work();
      } finally {
        this.release(userId);
      }
    } finally {
      const left = (this.perUser.get(userId) ?? 1) - 1;
      if (left > 0) this.perUser.set(userId, left);
      else this.perUser.delete(userId);
    }
  }

  private turn(userId: number, reply: FastifyReply): Promise<void> {
    if (this.running < this.limits.concurrent) {
      this.running += 1;
      return Promise.resolve();
    }
    return new Promise((resolve, reject) => {
      const waiter: Waiter = {
        userId,
        grant: () => {
          clearTimeout(timer);
          resolve();
        },
      };
      const timer = setTimeout(() => {
        this.waiting.splice(this.waiting.indexOf(waiter), 1);
        void reply.header('retry-after', String(Math.max(1, Math.ceil(this.limits.maxWaitMs / 1000))));
        reject(new AppError(503, 'SERVICE_UNAVAILABLE', { text: localizedText('messages:searchQueueFull') }));
      }, this.limits.maxWaitMs);
      this.waiting.push(waiter);
    });
  }

  /**
   * The place passes to the first in line of another user than the one whose search just ended
   * (else to the first in line), or is freed: a user's second search does not go before another's.
   * Decided on the event loop's next turn, once the requests that arrived meanwhile are in line.
   */
  private release(endedFor: number): void {
    setImmediate(() => {
      const other = this.waiting.findIndex((waiter) => waiter.userId !== endedFor);
      const [next] = this.waiting.splice(other === -1 ? 0 : other, 1);
      if (next) next.grant();
      else this.running -= 1;
    });
  }
}
