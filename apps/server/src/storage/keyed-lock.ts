/** Runs async work one at a time per key, in arrival order; different keys do not wait for each other. */
export class KeyedLock {
  private readonly tails = new Map<string, Promise<void>>();

  async run<T>(key: string, work: () => Promise<T>): Promise<T> {
    const previous = this.tails.get(key) ?? Promise.resolve();
    let done!: () => void;
    const current = new Promise<void>((resolve) => {
      done = resolve;
    });
    const tail = previous.then(() => current);
    this.tails.set(key, tail);
    await previous;
    try {
      return await work();
    } finally {
      done();
      // Only the last waiter clears the entry, so the map does not grow with every hash ever seen.
      if (this.tails.get(key) === tail) this.tails.delete(key);
    }
  }
}

/** Counted holds per key (a blob's hash): taken by each `put`, ended by `release`, read by `delete`. */
export class HoldCounter {
  private readonly counts = new Map<string, number>();

  take(key: string): void {
    this.counts.set(key, (this.counts.get(key) ?? 0) + 1);
  }

  release(key: string): void {
    const count = this.counts.get(key) ?? 0;
    if (count <= 1) this.counts.delete(key);
    else this.counts.set(key, count - 1);
  }

  isHeld(key: string): boolean {
    return (this.counts.get(key) ?? 0) > 0;
  }
}
