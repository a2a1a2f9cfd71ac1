import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BlobTooLargeError, FileBlobStore } from '../../src/storage/blob-store.js';
import { contentDisposition } from '../../src/modules/attachments/download-headers.js';

let root: string;
let store: FileBlobStore;

beforeEach(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'postline-blobs-'));
  store = new FileBlobStore(path.join(root, 'blobs'));
});
afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

function filesUnder(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return (fs.readdirSync(dir, { recursive: true }) as string[]).filter((f) =>
    fs.statSync(path.join(dir, f)).isFile(),
  );
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

describe('FileBlobStore', () => {
  it('names a blob by its sha256 under ab/cd/ and reads it back', async () => {
    const bytes = crypto.randomBytes(100_000);
    const blob = await store.put(Readable.from([bytes.subarray(0, 50_000), bytes.subarray(50_000)]), {
      maxBytes: 1e6,
    });
    const hash = crypto.createHash('sha256').update(bytes).digest('hex');
    expect(blob).toEqual({ hash, size: bytes.length });
    expect(filesUnder(path.join(root, 'blobs'))).toEqual([
      path.join(hash.slice(0, 2), hash.slice(2, 4), hash),
    ]);
    const back: Buffer[] = [];
    for await (const chunk of store.open(hash)) back.push(chunk as Buffer);
    expect(Buffer.concat(back).equals(bytes)).toBe(true);
  });

  it('leaves nothing when the source fails half-way or runs over the limit', async () => {
    await expect(store.put(failingAfter([crypto.randomBytes(10_000)]), { maxBytes: 1e6 })).rejects.toThrow(
      'connection reset',
    );
    await expect(
      store.put(Readable.from([crypto.randomBytes(600), crypto.randomBytes(600)]), { maxBytes: 1000 }),
    ).rejects.toBeInstanceOf(BlobTooLargeError);
    expect(filesUnder(path.join(root, 'blobs'))).toEqual([]);
  });

  it('keeps a blob a put still holds, and deletes it once released', async () => {
    const bytes = Buffer.from('same content');
    const first = await store.put(Readable.from([bytes]), { maxBytes: 100 });
    const second = await store.put(Readable.from([bytes]), { maxBytes: 100 });
    expect(second.hash).toBe(first.hash);
    store.release(first.hash);
    expect(await store.delete(first.hash)).toBe(false);
    expect(await store.exists(first.hash)).toBe(true);
    store.release(second.hash);
    expect(await store.delete(first.hash)).toBe(true);
    expect(await store.exists(first.hash)).toBe(false);
  });

  it('refuses a name that is not a hash, so no path can escape the folder', () => {
    expect(() => store.open('../../etc/passwd')).toThrow(/not a blob hash/);
  });

  it('clears temp files a crash left behind, but not fresh ones', async () => {
    fs.mkdirSync(path.join(root, 'blobs'), { recursive: true });
    const stale = path.join(root, 'blobs', '.incoming-stale');
    const fresh = path.join(root, 'blobs', '.incoming-fresh');
    fs.writeFileSync(stale, 'x');
    fs.writeFileSync(fresh, 'x');
    const old = new Date(Date.now() - 2 * 60 * 60_000);
    fs.utimesSync(stale, old, old);
    expect(await store.removeStaleTempFiles()).toBe(1);
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
