/**
 * A weighted semaphore over bytes (issue 11): the messages being parsed and stored at once hold at
 * most `capacity` bytes of raw source between them, so peak memory stays flat however many large
 * messages arrive together. A message larger than the capacity waits until it can run alone.
 * Hand-written: the few lines of a weighted semaphore, not worth a dependency.
 */
export class ByteBudget {
  private used = 0;
  private readonly waiting: Array<{ bytes: number; start: () => void }> = [];

  constructor(readonly capacity: number) {}

  async acquire(bytes: number): Promise<() => void> {
    const wanted = Math.min(Math.max(bytes, 1), this.capacity);
    if (this.waiting.length === 0 && this.used + wanted <= this.capacity) this.used += wanted;
    else await new Promise<void>((start) => this.waiting.push({ bytes: wanted, start }));
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.used -= wanted;
      this.wake();
    };
  }

  /** First come, first served: a big message at the head is not overtaken by small ones for ever. */
  private wake(): void {
    while (this.waiting.length > 0 && this.used + this.waiting[0]!.bytes <= this.capacity) {
      const next = this.waiting.shift()!;
      this.used += next.bytes;
      next.start();
    }
  }
}
