import crypto from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { HoldCounter, KeyedLock } from './keyed-lock.js';

export interface StoredBlob {
  /** sha256 of the content, lower-case hex: the blob's only name. */
  hash: string;
  size: number;
}

/**
 * Content-addressed storage for attachment bytes (DESIGN.md "Data and mail flow"): one copy per
 * distinct content, named by its sha256; database rows say who uses it.
 *
 * Two stores implement it: FileBlobStore below (DATA_DIR/blobs, the embedded default) and
 * S3BlobStore (s3-blob-store.ts, BLOB_STORE=s3) for several nodes; docs/SCALING.md has the settings.
 */
export interface BlobStore {
  /**
   * Streams `stream` in while hashing and counting. The blob appears under its hash only once it
   * is complete; more than `maxBytes` rejects with BlobTooLargeError and anything else that fails
   * (a source error, a cut connection) rejects as well, in both cases leaving nothing behind.
   * Identical content already stored is reused. The returned blob is held: `delete` leaves it alone
   * until `release(hash)`, so the caller can commit the row that references it without a sweep
   * removing the file in between.
   */
  put(stream: Readable, opts: { maxBytes: number }): Promise<StoredBlob>;
  /** Ends one hold taken by `put`. */
  release(hash: string): void;
  /** The bytes of a blob; the stream errors (ENOENT) when it does not exist. */
  open(hash: string): Readable;
  exists(hash: string): Promise<boolean>;
  /**
   * Removes a blob: 'held' when kept because a `put` of this process still holds it (that upload
   * commits its row or sweeps it itself), 'recent' when kept because it was written too recently for
   * a store shared by several nodes to be sure no other node is about to refer to it (ask again later).
   */
  delete(hash: string): Promise<BlobDeleteResult>;
}

export type BlobDeleteResult = 'deleted' | 'held' | 'recent';

export class BlobTooLargeError extends Error {
  constructor(readonly maxBytes: number) {
    super(`blob is larger than ${maxBytes} bytes`);
    this.name = 'BlobTooLargeError';
  }
}

const HASH_PATTERN = /^[0-9a-f]{64}$/;
export const TEMP_FILE_PREFIX = '.incoming-';
const WRITE_BATCH_BYTES = 256 * 1024;

/** Blobs on the local disk, under rootDir/ab/cd/<hash> (two levels keep folders small). */
export class FileBlobStore implements BlobStore {
  private readonly holds = new HoldCounter();
  /** publish and delete of one hash never interleave: a delete cannot undo a rename it did not see. */
  private readonly locks = new KeyedLock();

  /** Folders this process made or found: asking the disk again costs a system call per blob. */
  private readonly folders = new Set<string>();

  constructor(readonly rootDir: string) {}

  private async openTemp(tempPath: string): Promise<fsp.FileHandle> {
    await this.ensureFolder(this.rootDir);
    try {
      return await fsp.open(tempPath, 'wx', 0o600);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
      this.folders.delete(this.rootDir); // removed by hand since: make it again
      await this.ensureFolder(this.rootDir);
      return fsp.open(tempPath, 'wx', 0o600);
    }
  }

  private async ensureFolder(folder: string): Promise<void> {
    if (this.folders.has(folder)) return;
    await fsp.mkdir(folder, { recursive: true });
    this.folders.add(folder);
  }

  pathOf(hash: string): string {
    if (!HASH_PATTERN.test(hash)) throw new Error(`not a blob hash: ${hash}`);
    return path.join(this.rootDir, hash.slice(0, 2), hash.slice(2, 4), hash);
  }

  async put(stream: Readable, { maxBytes }: { maxBytes: number }): Promise<StoredBlob> {
    // Same folder as the blobs, so the final rename stays on one file system and is atomic.
    const tempPath = path.join(this.rootDir, `${TEMP_FILE_PREFIX}${crypto.randomUUID()}`);
    const handle = await this.openTemp(tempPath);
    const hasher = crypto.createHash('sha256');
    let size = 0;
    // Multipart hands over small chunks; one write per WRITE_BATCH_BYTES keeps the disk busy, not the thread pool.
    let batch: Buffer[] = [];
    let batchSize = 0;
    try {
      for await (const chunk of stream as AsyncIterable<Buffer | string>) {
        const bytes = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
        size += bytes.length;
        if (size > maxBytes) throw new BlobTooLargeError(maxBytes);
        hasher.update(bytes);
        batch.push(bytes);
        batchSize += bytes.length;
        if (batchSize >= WRITE_BATCH_BYTES) {
          await writeFully(handle, Buffer.concat(batch, batchSize));
          batch = [];
          batchSize = 0;
        }
      }
      if (batchSize > 0) await writeFully(handle, Buffer.concat(batch, batchSize));
      await handle.sync();
      await handle.close();
    } catch (error) {
      // Leaving the loop early destroys the source too, which ends a multipart upload cleanly.
      await handle.close().catch(() => undefined);
      await fsp.rm(tempPath, { force: true });
      throw error;
    }
    const hash = hasher.digest('hex');
    try {
      await this.publish(tempPath, hash);
    } catch (error) {
      await fsp.rm(tempPath, { force: true });
      throw error;
    }
    return { hash, size };
  }

  release(hash: string): void {
    this.holds.release(hash);
  }

  open(hash: string): Readable {
    return fs.createReadStream(this.pathOf(hash));
  }

  async exists(hash: string): Promise<boolean> {
    try {
      return (await fsp.stat(this.pathOf(hash))).isFile();
    } catch {
      return false;
    }
  }

  async delete(hash: string): Promise<BlobDeleteResult> {
    const target = this.pathOf(hash);
    return this.locks.run(hash, async () => {
      if (this.holds.isHeld(hash)) return 'held';
      await fsp.rm(target, { force: true });
      return 'deleted';
    });
  }

  /**
   * Temp files a crash left behind. Only old ones: on PostgreSQL several processes may share the
   * folder and another one may be writing right now.
   */
  async removeStaleTempFiles(olderThanMs = 60 * 60_000): Promise<number> {
    let names: string[];
    try {
      names = await fsp.readdir(this.rootDir);
    } catch {
      return 0;
    }
    let removed = 0;
    for (const name of names.filter((n) => n.startsWith(TEMP_FILE_PREFIX))) {
      const file = path.join(this.rootDir, name);
      const stat = await fsp.stat(file).catch(() => undefined);
      if (stat && Date.now() - stat.mtimeMs > olderThanMs) {
        await fsp.rm(file, { force: true });
        removed += 1;
      }
    }
    return removed;
  }

  private async publish(tempPath: string, hash: string): Promise<void> {
    const finalPath = this.pathOf(hash);
    const folder = path.dirname(finalPath);
    await this.locks.run(hash, async () => {
      // Blobs are named by their content: replacing one that exists changes no byte, and saves
      // asking first. The rename is atomic, so a reader sees the old file or the new one, whole.
      await this.ensureFolder(folder);
      try {
        await fsp.rename(tempPath, finalPath);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
        // The folder went away under us (removed by hand): make it again.
        this.folders.delete(folder);
        await this.ensureFolder(folder);
        await fsp.rename(tempPath, finalPath);
      }
      await syncFolder(folder);
      this.holds.take(hash);
    });
  }
}

async function writeFully(handle: fsp.FileHandle, bytes: Buffer): Promise<void> {
  let offset = 0;
  while (offset < bytes.length) {
    const { bytesWritten } = await handle.write(bytes, offset, bytes.length - offset);
    offset += bytesWritten;
  }
}

/** Makes the rename itself durable: without it a power cut can lose the new name. */
async function syncFolder(folder: string): Promise<void> {
  let handle: fsp.FileHandle | undefined;
  try {
    handle = await fsp.open(folder, 'r');
    await handle.sync();
  } catch {
    // Some file systems refuse fsync on a folder; the file's own fsync still happened.
  } finally {
    await handle?.close().catch(() => undefined);
  }
}
