import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ListObjectsV2Command } from '@aws-sdk/client-s3';
import { BlobTooLargeError, FileBlobStore, type BlobStore } from '../../../src/storage/blob-store.js';
import { S3BlobStore } from '../../../src/storage/s3-blob-store.js';
import { startS3Server } from '../../helpers/s3-server.js';
import { contentDisposition } from '../../../src/lib/download-headers.js';

/** One store under test, and what it holds right now (file paths or object keys). */
interface StoreUnderTest {
  store: BlobStore;
  stored(): Promise<string[]>;
  close(): Promise<void>;
}

/** Yields the chunks, then fails: a connection that drops after them. */
function failingAfter(chunks: Buffer[]): Readable {
  return Readable.from(
    (async function* () {
      for (const chunk of chunks) yield chunk;
      throw new Error('connection reset');
    })(),
  );
}

function filesUnder(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return (fs.readdirSync(dir, { recursive: true }) as string[]).filter((f) =>
    fs.statSync(path.join(dir, f)).isFile(),
  );
}

async function fileStore(): Promise<StoreUnderTest & { root: string; files: FileBlobStore }> {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'postline-blobs-'));
  const files = new FileBlobStore(path.join(root, 'blobs'));
  return {
    root,
    files,
    store: files,
    stored: async () => filesUnder(path.join(root, 'blobs')),
    close: async () => fs.rmSync(root, { recursive: true, force: true }),
  };
}

async function s3Store(): Promise<StoreUnderTest> {
  const s3 = await startS3Server();
  // No grace: the contract deletes right after a release; the grace has its own test below.
  const store = new S3BlobStore({ bucket: s3.bucket, prefix: 'mail/', client: s3.client, deleteGraceMs: 0 });
  return {
    store,
    stored: async () => {
      const listed = await store.client.send(new ListObjectsV2Command({ Bucket: s3.bucket }));
      return (listed.Contents ?? []).map((object) => object.Key ?? '');
    },
    close: async () => {
      store.client.destroy();
      await s3.close();
    },
  };
}

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

// The same contract for every BlobStore: the embedded file store and S3 (a real s3rver on loopback).
describe.each([
  ['FileBlobStore', fileStore],
  ['S3BlobStore', s3Store],
] as const)('%s', (_name, make) => {
  let subject: StoreUnderTest;
  beforeEach(async () => {
    subject = await make();
  });
  afterEach(async () => subject.close());

  it('names a blob by its sha256 and reads it back, also when it is bigger than one upload part', async () => {
    const { store } = subject;
    // 12 MB: more than two S3 parts of 5 MB, in odd-sized chunks.
    const bytes = crypto.randomBytes(12 * 1024 * 1024 + 123);
    const chunks = [bytes.subarray(0, 50_000), bytes.subarray(50_000, 7_000_000), bytes.subarray(7_000_000)];
    const blob = await store.put(Readable.from(chunks), { maxBytes: 20e6 });
    const hash = crypto.createHash('sha256').update(bytes).digest('hex');
    expect(blob).toEqual({ hash, size: bytes.length });
    expect((await subject.stored()).map((name) => path.basename(name))).toEqual([hash]);
    expect((await readAll(store.open(hash))).equals(bytes)).toBe(true);
    expect(await store.exists(hash)).toBe(true);
  });

  it('leaves nothing when the source fails half-way or runs over the limit', async () => {
    const { store } = subject;
    await expect(store.put(failingAfter([crypto.randomBytes(10_000)]), { maxBytes: 1e6 })).rejects.toThrow(
      'connection reset',
    );
    await expect(
      store.put(Readable.from([crypto.randomBytes(600), crypto.randomBytes(600)]), { maxBytes: 1000 }),
    ).rejects.toBeInstanceOf(BlobTooLargeError);
    expect(await subject.stored()).toEqual([]);
  });

  it('keeps a blob a put still holds, and deletes it once released', async () => {
    const { store } = subject;
    const bytes = Buffer.from('same content');
    const first = await store.put(Readable.from([bytes]), { maxBytes: 100 });
    const second = await store.put(Readable.from([bytes]), { maxBytes: 100 });
    expect(second.hash).toBe(first.hash);
    expect(await subject.stored()).toHaveLength(1);
    store.release(first.hash);
    expect(await store.delete(first.hash)).toBe('held');
    expect(await store.exists(first.hash)).toBe(true);
    store.release(second.hash);
    expect(await store.delete(first.hash)).toBe('deleted');
    expect(await store.exists(first.hash)).toBe(false);
    expect(await subject.stored()).toEqual([]);
  });

  it('fails the stream of a blob that is not there with ENOENT', async () => {
    const missing = crypto.createHash('sha256').update('never stored').digest('hex');
    await expect(readAll(subject.store.open(missing))).rejects.toMatchObject({ code: 'ENOENT' });
  });

  it('refuses a name that is not a hash, so no path or key can escape', () => {
    expect(() => subject.store.open('../../etc/passwd')).toThrow(/not a blob hash/);
  });
});

describe('S3BlobStore across nodes', () => {
  it('keeps a blob written within the grace time, even released: another node may be about to refer to it', async () => {
    const s3 = await startS3Server();
    const nodeA = new S3BlobStore({ bucket: s3.bucket, client: s3.client, deleteGraceMs: 60_000 });
    const nodeB = new S3BlobStore({ bucket: s3.bucket, client: s3.client, deleteGraceMs: 60_000 });
    try {
      const blob = await nodeB.put(Readable.from([Buffer.from('stored on B')]), { maxBytes: 100 });
      // A's sweep sees no row yet and no hold of its own: the blob stays all the same.
      expect(await nodeA.delete(blob.hash)).toBe('recent');
      expect(await nodeA.exists(blob.hash)).toBe(true);
      const later = new S3BlobStore({ bucket: s3.bucket, client: s3.client, deleteGraceMs: 0 });
      expect(await later.delete(blob.hash)).toBe('deleted');
      expect(await nodeA.exists(blob.hash)).toBe(false);
      later.client.destroy();
    } finally {
      nodeA.client.destroy();
      nodeB.client.destroy();
      await s3.close();
    }
  });
});

describe('FileBlobStore on disk', () => {
  let subject: Awaited<ReturnType<typeof fileStore>>;
  beforeEach(async () => {
    subject = await fileStore();
  });
  afterEach(async () => subject.close());

  it('files a blob under ab/cd/<hash>, so no folder grows too large', async () => {
    const blob = await subject.files.put(Readable.from([Buffer.from('layout')]), { maxBytes: 100 });
    expect(await subject.stored()).toEqual([
      path.join(blob.hash.slice(0, 2), blob.hash.slice(2, 4), blob.hash),
    ]);
  });

  it('clears temp files a crash left behind, but not fresh ones', async () => {
    const { root } = subject;
    fs.mkdirSync(path.join(root, 'blobs'), { recursive: true });
    const stale = path.join(root, 'blobs', '.incoming-stale');
    const fresh = path.join(root, 'blobs', '.incoming-fresh');
    fs.writeFileSync(stale, 'x');
    fs.writeFileSync(fresh, 'x');
    const old = new Date(Date.now() - 2 * 60 * 60_000);
    fs.utimesSync(stale, old, old);
    expect(await subject.files.removeStaleTempFiles()).toBe(1);
    expect(fs.existsSync(stale)).toBe(false);
    expect(fs.existsSync(fresh)).toBe(true);
  });
});

describe('Content-Disposition', () => {
  it('gives an ASCII fallback and the exact UTF-8 name (RFC 6266, RFC 5987)', () => {
    expect(contentDisposition('attachment', '보고서.pdf')).toBe(
      'attachment; filename="attachment.pdf"; filename*=UTF-8\'\'%EB%B3%B4%EA%B3%A0%EC%84%9C.pdf',
    );
    expect(contentDisposition('attachment', 'Q1 "draft" (v2).txt')).toBe(
      'attachment; filename="Q1 _draft_ (v2).txt"; filename*=UTF-8\'\'Q1%20%22draft%22%20%28v2%29.txt',
    );
  });
});
