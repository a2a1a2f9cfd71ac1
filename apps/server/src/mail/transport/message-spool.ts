import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** A message body up to this size is kept in memory; past it, the rest goes to a file. */
export const SPOOL_IN_MEMORY_BYTES = 1024 * 1024;

/**
 * Where one inbound message is kept while it arrives (issue 11): small ones in memory, big ones in
 * a temporary file, so a hundred senders of 40 MB messages do not hold 4 GB in this process.
 * Hand-written: a dozen lines over fs, no library does just this.
 */
export class MessageSpool {
  private chunks: Buffer[] = [];
  private inMemory = 0;
  private file: { path: string; stream: fs.WriteStream } | null = null;
  private failure: Error | null = null;
  size = 0;

  constructor(private readonly dir: string = os.tmpdir()) {}

  /**
   * Adds a chunk; past `limit` bytes in all, chunks are only counted (the reply will be 552).
   * Answers false when the file is behind: pause the sender until `whenDrained`.
   */
  write(chunk: Buffer, limit: number): boolean {
    this.size += chunk.length;
    if (this.size > limit || this.failure) return true;
    if (!this.file && this.inMemory + chunk.length <= SPOOL_IN_MEMORY_BYTES) {
      this.chunks.push(chunk);
      this.inMemory += chunk.length;
      return true;
    }
    if (!this.file) {
      fs.mkdirSync(this.dir, { recursive: true });
      const file = path.join(this.dir, `smtp-${randomUUID()}.eml`);
      const stream = fs.createWriteStream(file, { mode: 0o600 });
      stream.on('error', (error) => (this.failure = error));
      this.file = { path: file, stream };
      for (const held of this.chunks) stream.write(held);
      this.chunks = [];
      this.inMemory = 0;
    }
    return this.file.stream.write(chunk);
  }

  whenDrained(resume: () => void): void {
    if (this.file) this.file.stream.once('drain', resume);
    else resume();
  }

  /**
   * The whole message, read back once it has all arrived. A large one is read into shared memory:
   * the parse pool's worker reads the same bytes instead of a copy of them (parse-pool.ts).
   */
  async read(): Promise<Buffer> {
    if (!this.file) return Buffer.concat(this.chunks);
    const { stream, path: file } = this.file;
    await new Promise<void>((resolve, reject) => {
      if (this.failure) return reject(this.failure);
      stream.end(() => (this.failure ? reject(this.failure) : resolve()));
    });
    const handle = await fs.promises.open(file, 'r');
    try {
      const { size } = await handle.stat();
      const bytes = Buffer.from(new SharedArrayBuffer(size));
      for (let read = 0; read < size;) {
        const { bytesRead } = await handle.read(bytes, read, size - read, read);
        if (bytesRead === 0) throw new Error(`spool file ended at ${read} of ${size} bytes`);
        read += bytesRead;
      }
      return bytes;
    } finally {
      await handle.close();
    }
  }

  /** Frees the memory and removes the file; safe to call more than once. */
  async dispose(): Promise<void> {
    this.chunks = [];
    const file = this.file;
    this.file = null;
    if (!file) return;
    file.stream.destroy();
    await fs.promises.rm(file.path, { force: true });
  }
}

/**
 * Removes spool files a killed process left behind. Only old ones: another node may share the
 * folder and be receiving right now.
 */
export async function removeStaleSpoolFiles(dir: string, olderThanMs = 6 * 60 * 60 * 1000): Promise<void> {
  const names = await fs.promises.readdir(dir).catch(() => [] as string[]);
  const before = Date.now() - olderThanMs;
  for (const name of names.filter((n) => /^smtp-[0-9a-f-]+\.eml$/.test(n))) {
    const file = path.join(dir, name);
    const stat = await fs.promises.stat(file).catch(() => null);
    if (stat && stat.mtimeMs < before) await fs.promises.rm(file, { force: true });
  }
}
