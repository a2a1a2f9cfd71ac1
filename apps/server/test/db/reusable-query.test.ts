import { eq, sql } from 'drizzle-orm';
import { integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reusableInsert, reusableQuery } from '../../src/db/reusable-query.js';
import { createTestDatabase, type TestDatabase } from '../helpers/database.js';

/* Issue 13: the delivery's hot statements are built once and run in whichever transaction calls them. */

const probes = pgTable('reusable_probe', {
  id: serial('id').primaryKey(),
  label: text('label').notNull().default('none'),
  note: text('note'),
  tags: text('tags').array(),
  data: jsonb('data').$type<{ n: number }>(),
  at: timestamp('at', { withTimezone: true }),
  size: integer('size'),
});

const insertProbe = reusableInsert('test_probe', probes, (q, values) =>
  q.insert(probes).values(values).returning({ id: probes.id }),
);
const probeById = reusableQuery('test_probe_by_id', (q) =>
  q
    .select()
    .from(probes)
    .where(eq(probes.id, sql.placeholder('id'))),
);

let test: TestDatabase;
beforeAll(async () => {
  test = await createTestDatabase();
  await test.database.db.execute(sql`
    CREATE TABLE reusable_probe (
      id serial PRIMARY KEY, label text NOT NULL DEFAULT 'none', note text, tags text[], data jsonb,
      at timestamptz, size integer)`);
});
afterAll(async () => {
  await test.destroy();
});

describe('reusable statements', () => {
  it('store each call’s own values, encoded as drizzle encodes them', async () => {
    const { db } = test.database;
    const at = new Date('2026-11-27T08:00:00.000Z');
    const [first] = await insertProbe(db, { label: '첫째', tags: ['a', 'b,c'], data: { n: 1 }, at, size: 7 });
    const [second] = await insertProbe(db, { label: 'second', tags: [], data: { n: 2 }, at: null, size: 8 });
    // A column left out keeps its default; null stays null.
    const [third] = await insertProbe(db, { note: null });

    expect(await probeById(db, { id: first!.id })).toEqual([
      { id: first!.id, label: '첫째', note: null, tags: ['a', 'b,c'], data: { n: 1 }, at, size: 7 },
    ]);
    expect(await probeById(db, { id: second!.id })).toEqual([
      { id: second!.id, label: 'second', note: null, tags: [], data: { n: 2 }, at: null, size: 8 },
    ]);
    expect(await probeById(db, { id: third!.id })).toEqual([
      { id: third!.id, label: 'none', note: null, tags: null, data: null, at: null, size: null },
    ]);
  });

  it('run inside the transaction they are given: its rollback takes their rows with it', async () => {
    const { database } = test;
    let insertedId = 0;
    await expect(
      database.transaction(async (tx) => {
        const [row] = await insertProbe(tx, { label: 'undone' });
        insertedId = row!.id;
        // The same transaction sees its own uncommitted row through a reusable select.
        expect(await probeById(tx, { id: insertedId })).toHaveLength(1);
        throw new Error('delivery failed');
      }),
    ).rejects.toThrow('delivery failed');

    expect(insertedId).toBeGreaterThan(0);
    expect(await probeById(database.db, { id: insertedId })).toEqual([]);
  });

  it('serve many concurrent transactions, each with its own rows', async () => {
    const { database } = test;
    const ids = await Promise.all(
      Array.from({ length: 12 }, (_, n) =>
        database
          .transaction(async (tx) => {
            const [row] = await insertProbe(tx, { label: `parallel ${n}`, size: n });
            if (n % 3 === 0) throw new Error(`refused ${n}`);
            return row!.id;
          })
          .catch(() => null),
      ),
    );
    const kept = await database.db
      .select({ size: probes.size })
      .from(probes)
      .where(sql`${probes.label} LIKE 'parallel %'`);
    expect(kept.map((r) => r.size).sort((a, b) => a! - b!)).toEqual([1, 2, 4, 5, 7, 8, 10, 11]);
    expect(ids.filter((id) => id !== null)).toHaveLength(8);
  });
});
