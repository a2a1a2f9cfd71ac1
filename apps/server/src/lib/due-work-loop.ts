import type { Database } from '../db/types.js';
import type { MailLogger } from './mail-logger.js';

/*
 * The one loop of work that falls due (issue 36, 37): the outbox worker and the scheduled sender
 * run on it, and snooze's wake-ups are meant to. Each pass claims what is due (in the database,
 * with FOR UPDATE SKIP LOCKED and a lease, so several nodes share the work and a restart loses
 * nothing) and answers how long to sleep; a NOTIFY on the channel, or wake(), ends the sleep at once.
 */

export interface DueWorkLoop {
  /** Ends the current sleep: new work may be due. */
  wake(): void;
  /** Finishes the pass under way and stops listening. */
  stop(): Promise<void>;
}

export interface DueWorkLoopOptions {
  database: Database;
  logger: MailLogger;
  /** NOTIFY channel that wakes the loop on every node. */
  channel: string;
  /** Log prefix, e.g. 'outbox'. */
  name: string;
  /**
   * One pass: does what is due; answers the milliseconds to sleep before the next (0: go on at
   * once, more is due). A pass that throws is logged and followed by a sleep of `errorSleepMs`.
   */
  pass: (stopped: () => boolean) => Promise<number>;
  errorSleepMs: number;
}

export function startDueWorkLoop(options: DueWorkLoopOptions): DueWorkLoop {
  const { database, logger, name } = options;
  let stopped = false;
  let wakeRequested = false;
  let wakeSleeper: (() => void) | undefined;
  const wake = () => {
    wakeRequested = true;
    wakeSleeper?.();
  };
  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      if (wakeRequested || stopped) return resolve();
      const timer = setTimeout(resolve, ms);
      wakeSleeper = () => {
        clearTimeout(timer);
        resolve();
      };
    });

  async function run() {
    while (!stopped) {
      wakeRequested = false;
      let wait = options.errorSleepMs;
      try {
        wait = await options.pass(() => stopped);
      } catch (error) {
        if (!stopped) logger.error({ err: error }, `${name}: could not read what is due`);
      }
      if (!stopped && wait > 0) await sleep(wait);
    }
  }

  let unlisten: (() => Promise<void>) | undefined;
  database.listen(options.channel, wake).then(
    (stop) => {
      if (stopped) void stop();
      else unlisten = stop;
    },
    (error: unknown) => logger.warn({ err: error }, `${name}: no wake-up by NOTIFY; polling only`),
  );
  const loop = run();
  return {
    wake,
    async stop() {
      stopped = true;
      wake();
      await loop;
      await unlisten?.().catch(() => undefined);
    },
  };
}
