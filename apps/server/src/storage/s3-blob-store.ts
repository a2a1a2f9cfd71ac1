import crypto from 'node:crypto';
import { PassThrough, Transform, type Readable } from 'node:stream';
import {
  CopyObjectCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  S3Client,
  type S3ClientConfig,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { BlobTooLargeError, type BlobDeleteResult, type BlobStore, type StoredBlob } from './blob-store.js';
import { HoldCounter, KeyedLock } from './keyed-lock.js';

const HASH_PATTERN = /^[0-9a-f]{64}$/;
/** S3's smallest multipart part; a file under it goes up in one PutObject. */
const PART_BYTES = 5 * 1024 * 1024;

export interface S3BlobStoreOptions {
  bucket: string;
  /** Key prefix for everything of this store ("postline/"); empty by default. */
  prefix?: string;
  /** Endpoint, region and credentials; left out, the AWS SDK's own chain (AWS_* variables) decides. */
  client?: S3ClientConfig;
  /**
   * A blob written or re-written within this long is never deleted (default an hour, far longer than
   * any upload takes to commit its row). Holds are per process; this covers another node that has
   * just stored the same content and not yet committed the row that will refer to it.
   */
  deleteGraceMs?: number;
}

function isNotFound(error: unknown): boolean {
  const e = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e?.name === 'NotFound' || e?.name === 'NoSuchKey' || e?.$metadata?.httpStatusCode === 404;
}

/**
 * Blobs in an S3-compatible object store (issue 13, several nodes): `put` streams a multipart upload
 * to a temporary key while hashing and counting, then copies it to `blobs/<hash>` (or, when that key
 * exists, copies it onto itself to renew its date) and deletes the temporary key. Holds work as in
 * the file store inside one process; across nodes, `delete` leaves any blob written within
 * `deleteGraceMs`, so a sweep on one node never takes content another node has just stored again.
 */
export class S3BlobStore implements BlobStore {
  readonly client: S3Client;
  private readonly bucket: string;
  private readonly prefix: string;
  private readonly deleteGraceMs: number;
  private readonly holds = new HoldCounter();
  private readonly locks = new KeyedLock();

  constructor(options: S3BlobStoreOptions) {
    this.client = new S3Client(options.client ?? {});
    this.bucket = options.bucket;
    this.prefix = options.prefix ?? '';
    this.deleteGraceMs = options.deleteGraceMs ?? 60 * 60_000;
  }

  keyOf(hash: string): string {
    if (!HASH_PATTERN.test(hash)) throw new Error(`not a blob hash: ${hash}`);
    return `${this.prefix}blobs/${hash}`;
  }

  async put(stream: Readable, { maxBytes }: { maxBytes: number }): Promise<StoredBlob> {
    const tempKey = `${this.prefix}incoming/${crypto.randomUUID()}`;
    const hasher = crypto.createHash('sha256');
    let size = 0;
    const counted = new Transform({
      transform(chunk: Buffer | string, _encoding, done) {
        const bytes = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
        size += bytes.length;
        if (size > maxBytes) return done(new BlobTooLargeError(maxBytes));
        hasher.update(bytes);
        done(null, bytes);
      },
    });
    // A failing source fails the upload, which then aborts its multipart upload.
    stream.on('error', (error) => counted.destroy(error));
    counted.on('error', () => stream.destroy());
    const upload = new Upload({
      client: this.client,
      params: { Bucket: this.bucket, Key: tempKey, Body: stream.pipe(counted) },
      partSize: PART_BYTES,
      queueSize: 2,
    });
    try {
      await upload.done();
    } catch (error) {
      // A single-part upload may have landed before the error surfaced.
      await this.removeKey(tempKey).catch(() => undefined);
      const reason = counted.errored ?? stream.errored ?? error;
      throw reason instanceof Error ? reason : error;
    }
    const hash = hasher.digest('hex');
    try {
      await this.publish(tempKey, hash);
    } finally {
      await this.removeKey(tempKey).catch(() => undefined);
    }
    return { hash, size };
  }

  release(hash: string): void {
    this.holds.release(hash);
  }

  open(hash: string): Readable {
    const out = new PassThrough();
    this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: this.keyOf(hash) })).then(
      (response) => {
        const body = response.Body as Readable;
        body.on('error', (error) => out.destroy(error));
        body.pipe(out);
      },
      (error: unknown) => {
        // The same signal as the file store's missing file.
        out.destroy(
          isNotFound(error)
            ? Object.assign(new Error(`blob ${hash} not found`), { code: 'ENOENT' })
            : (error as Error),
        );
      },
    );
    return out;
  }

  async exists(hash: string): Promise<boolean> {
    try {
      await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: this.keyOf(hash) }));
      return true;
    } catch (error) {
      if (isNotFound(error)) return false;
      throw error;
    }
  }

  async delete(hash: string): Promise<BlobDeleteResult> {
    const key = this.keyOf(hash);
    return this.locks.run(hash, async () => {
      if (this.holds.isHeld(hash)) return 'held';
      if (this.deleteGraceMs > 0) {
        let modified: Date | undefined;
        try {
          const head = await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: key }));
          modified = head.LastModified;
        } catch (error) {
          if (isNotFound(error)) return 'deleted';
          throw error;
        }
        if (modified && Date.now() - modified.getTime() < this.deleteGraceMs) return 'recent';
      }
      await this.removeKey(key);
      return 'deleted';
    });
  }

  private async removeKey(key: string): Promise<void> {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key }));
  }

  private async publish(tempKey: string, hash: string): Promise<void> {
    const key = this.keyOf(hash);
    await this.locks.run(hash, async () => {
      const exists = await this.exists(hash);
      await this.client.send(
        new CopyObjectCommand({
          Bucket: this.bucket,
          Key: key,
          // Same content either way; onto itself only the date changes (S3 wants new metadata for that).
          CopySource: `${this.bucket}/${encodeURIComponent(exists ? key : tempKey).replace(/%2F/g, '/')}`,
          ...(exists
            ? { MetadataDirective: 'REPLACE' as const, Metadata: { stored: new Date().toISOString() } }
            : {}),
        }),
      );
      this.holds.take(hash);
    });
  }
}
