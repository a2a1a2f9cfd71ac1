import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { openDatabase, type Database } from '../../src/db/client.js';
import { GroupSync } from '../../src/db/group-sync.js';
import { ensurePgliteTemplate, pgliteTemplateDir } from '../helpers/database.js';

/* Issue 13: on PGlite, transactions that commit close together share one flush to the data folder. */

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  vi.restoreAllMocks();
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

function copyOfTemplate(): string {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'postline-group-sync-'));
  fs.cpSync(path.join(pgliteTemplateDir(), 'pglite'), path.join(dataDir, 'pglite'), {
    recursive: true,
    filter: (source) => !source.endsWith('postline.sock'),
  });
  cleanups.push(async () => fs.rmSync(dataDir, { recursive: true, force: true }));
  return dataDir;
}

async function countProbes(database: Database): Promise<number> {
  const result = await database.db.execute(sql`SELECT count(*)::int AS n FROM group_sync_probe`);
  return (result as unknown as { rows: Array<{ n: number }> }).rows[0]!.n;
}

describe('PGlite group commit', () => {
  it('makes every one of many concurrent transactions durable with fewer flushes than commits', async () => {
    await ensurePgliteTemplate();
    const dataDir = copyOfTemplate();
    const database = await openDatabase({ dataDir });
    let open = true;
    cleanups.push(async () => {
      if (open) await database.close();
    });
    await database.transaction((tx) => tx.execute(sql`CREATE TABLE group_sync_probe (n int NOT NULL)`));

    // The real syncToFs, counted: a wrapper around PGlite's own method.
    const flushes = vi.spyOn(PGlite.prototype, 'syncToFs');
    const transactions = 60;
    await Promise.all(
      Array.from({ length: transactions }, (_, n) =>
        database.transaction((tx) => tx.execute(sql`INSERT INTO group_sync_probe (n) VALUES (${n})`)),
      ),
    );
    // PGlite itself calls syncToFs once after every COMMIT (a no-op on its Node file system, see
    // docs/BENCHMARKS.md); the calls beyond those are the group flushes, far fewer than the commits.
    const groupFlushes = flushes.mock.calls.length - transactions;
    expect(groupFlushes).toBeGreaterThan(0);
    expect(groupFlushes).toBeLessThan(transactions / 4);

    // What is on disk now, while the database is still open, is what a crash would leave.
    const crashCopy = fs.mkdtempSync(path.join(os.tmpdir(), 'postline-group-sync-crash-'));
    cleanups.push(async () => fs.rmSync(crashCopy, { recursive: true, force: true }));
    fs.cpSync(path.join(dataDir, 'pglite'), path.join(crashCopy, 'pglite'), {
      recursive: true,
      filter: (source) => !source.endsWith('postline.sock'),
    });
    const reopened = await openDatabase({ dataDir: crashCopy });
    try {
      expect(await countProbes(reopened)).toBe(transactions);
    } finally {
      await reopened.close();
    }
    open = false;
    await database.close();
  }, 60_000);
});

describe('GroupSync', () => {
  function deferred() {
    let resolve!: () => void;
    let reject!: (error: unknown) => void;
    const promise = new Promise<void>((res, rej) => {
      resolve = res;
      reject = rej;
    });
    return { promise, resolve, reject };
  }

  it('resolves a waiter only after a flush that began after it asked', async () => {
    const started: Array<ReturnType<typeof deferred>> = [];
    const sync = new GroupSync(() => {
      const flush = deferred();
      started.push(flush);
      return flush.promise;
    }, 0);
    const done: string[] = [];
    const first = sync.afterNextFlush().then(() => done.push('first'));
    const second = sync.afterNextFlush().then(() => done.push('second'));
    await vi.waitFor(() => expect(started).toHaveLength(1), { timeout: 5_000 });

    // Asks while the first flush runs: that flush may not cover it.
    const third = sync.afterNextFlush().then(() => done.push('third'));
    started[0]!.resolve();
    await Promise.all([first, second]);
    expect(done).toEqual(['first', 'second']);

    await vi.waitFor(() => expect(started).toHaveLength(2), { timeout: 5_000 });
    expect(done).toEqual(['first', 'second']);
    started[1]!.resolve();
    await third;
    expect(done).toEqual(['first', 'second', 'third']);
  });

  it('rejects every waiter of a failed flush, and the next flush serves new waiters', async () => {
    let calls = 0;
    const sync = new GroupSync(async () => {
      calls += 1;
      if (calls === 1) throw new Error('disk full');
    }, 0);
    const results = await Promise.allSettled([sync.afterNextFlush(), sync.afterNextFlush()]);
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected']);
    await expect(sync.afterNextFlush()).resolves.toBeUndefined();
    expect(calls).toBe(2);
  });
});
