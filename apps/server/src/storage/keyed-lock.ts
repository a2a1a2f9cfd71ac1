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
