import { monitorEventLoopDelay } from 'node:perf_hooks';

/**
 * What another user sees while something hostile is processed (issue 32): their requests, sent
 * one after another over real HTTP for as long as `work` runs, and how long the slowest took. The
 * event loop's own worst delay is measured beside it: a loop held for seconds shows there even
 * between two requests.
 */
export interface Responsiveness<T> {
  result: T;
  /** Requests the other user made and had answered with 200 while the work ran. */
  answered: number;
  /** The slowest of them, in ms. */
  slowestMs: number;
  /** The event loop's longest delay meanwhile, in ms. */
  loopDelayMs: number;
  /**
   * "Answered promptly" on this machine now: the stalls the attack run found were 3.6 s to
   * minutes on an idle machine. A machine loaded by other work slows every request alike, so the
   * bound grows with what the same request took just before the work began.
   */
  promptMs: number;
}

/** The bound on an idle machine; see Responsiveness.promptMs. */
export const PROMPT_MS = 2_500;

export async function whileAnotherUserWorks<T>(
  url: string,
  headers: Record<string, string>,
  work: Promise<T>,
): Promise<Responsiveness<T>> {
  const once = async () => {
    const started = performance.now();
    const res = await fetch(url, { headers });
    await res.arrayBuffer();
    if (res.status !== 200) throw new Error(`the other user's request answered ${res.status}`);
    return performance.now() - started;
  };
  const before: number[] = [];
  for (let i = 0; i < 5; i++) before.push(await once());
  const baselineMs = before.sort((a, b) => a - b)[2]!;
  const histogram = monitorEventLoopDelay({ resolution: 10 });
  histogram.enable();
  let done = false;
  const settled = work.finally(() => (done = true));
  let answered = 0;
  let slowestMs = 0;
  const probe = async () => {
    do {
      slowestMs = Math.max(slowestMs, await once());
      answered += 1;
    } while (!done);
  };
  const [result] = await Promise.all([settled, probe()]);
  histogram.disable();
  return {
    result,
    answered,
    slowestMs,
    loopDelayMs: histogram.max / 1e6,
    promptMs: Math.max(PROMPT_MS, 10 * baselineMs),
  };
}
