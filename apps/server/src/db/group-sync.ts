/*
 * Group commit for PGlite (issue 13): every durable transaction must be flushed to the data folder
 * before its caller hears "done" (STACK.md), but one flush covers every commit made before it began.
 * So a committed transaction asks for the next flush instead of running its own, and deliveries that
 * commit within a few milliseconds of each other share one syncToFs.
 *
 * Hand-written because it is small and the rule it keeps is exact: a waiter resolves only after a
 * flush that *began after it asked* has completed. PGlite's own syncToFs does not keep that rule
 * (a call made while another is queued returns at once), and no library we use offers it.
 */

export class GroupSync {
  /** Waiters for the next flush: they asked after the running one (if any) began. */
  private waiting: Array<{ resolve: () => void; reject: (error: unknown) => void }> = [];
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;

  /**
   * @param flush makes every commit made before it was called durable
   * @param delayMs how long the first waiter lets others gather before the flush starts
   */
  constructor(
    private readonly flush: () => Promise<void>,
    private readonly delayMs = 2,
  ) {}

  /** Resolves once a flush that began after this call has completed; rejects with that flush's error. */
  afterNextFlush(): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      this.waiting.push({ resolve, reject });
      this.schedule();
    });
  }

  /** Resolves when no flush is running or scheduled (for close). */
  async idle(): Promise<void> {
    while (this.running || this.timer || this.waiting.length > 0) {
      if (this.timer) {
        clearTimeout(this.timer);
        this.timer = undefined;
        this.start();
      }
      await this.running?.catch(() => undefined);
    }
  }

  private schedule(): void {
    // A running flush reschedules when it ends; a set timer will take the new waiter along.
    if (this.running || this.timer) return;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      this.start();
    }, this.delayMs);
  }

  private start(): void {
    if (this.running || this.waiting.length === 0) return;
    const batch = this.waiting;
    this.waiting = [];
    const run = (async () => {
      try {
        await this.flush();
        for (const waiter of batch) waiter.resolve();
      } catch (error) {
        for (const waiter of batch) waiter.reject(error);
      }
    })();
    this.running = run;
    void run.finally(() => {
      this.running = undefined;
      if (this.waiting.length > 0) this.schedule();
    });
  }
}
