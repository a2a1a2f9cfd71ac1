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

const insertProbes = reusableInsert('test_probe', probes, (q, rows) =>
  q.insert(probes).values(rows).returning({ id: probes.id }),
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
    const [first] = await insertProbes(db, [
      { label: '첫째', tags: ['a', 'b,c'], data: { n: 1 }, at, size: 7 },
    ]);
    const [second] = await insertProbes(db, [
      { label: 'second', tags: [], data: { n: 2 }, at: null, size: 8 },
    ]);
    // A column left out keeps its default; null stays null.
    const [third] = await insertProbes(db, [{ note: null }]);

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
        const [row] = await insertProbes(tx, [{ label: 'undone' }]);
        insertedId = row!.id;
        // The same transaction sees its own uncommitted row through a reusable select.
        expect(await probeById(tx, { id: insertedId })).toHaveLength(1);
        throw new Error('delivery failed');
      }),
    ).rejects.toThrow('delivery failed');

    expect(insertedId).toBeGreaterThan(0);
    expect(await probeById(database.db, { id: insertedId })).toEqual([]);
  });

  it('store several rows in one statement, each with its own columns, ids drawn in their order', async () => {
    const { db } = test.database;
    const at = new Date('2026-11-27T18:00:00.000Z');
    const given = [
      { label: '여럿 0', tags: ['x'], size: 0 },
      { label: '여럿 1', data: { n: 1 }, at },
      { note: '여럿 2, label left to its default' },
      { label: '여럿 3', tags: [], size: 3 },
    ];
    const inserted = await insertProbes(db, given);
    const ids = inserted.map((row) => row.id).sort((a, b) => a - b);
    expect(ids).toHaveLength(4);
    const stored = await Promise.all(ids.map(async (id) => (await probeById(db, { id }))[0]));
    expect(stored.map((row) => [row?.label, row?.note, row?.tags, row?.data, row?.at, row?.size])).toEqual([
      ['여럿 0', null, ['x'], null, null, 0],
      ['여럿 1', null, null, { n: 1 }, at, null],
      ['none', '여럿 2, label left to its default', null, null, null, null],
      ['여럿 3', null, [], null, null, 3],
    ]);
    // The same shape again runs the statement prepared for it, with the new values.
    const again = await insertProbes(
      db,
      given.map((row) => ({ ...row, size: 9 })),
    );
    expect(again).toHaveLength(4);
  });

  it('serve many concurrent transactions, each with its own rows', async () => {
    const { database } = test;
    const ids = await Promise.all(
      Array.from({ length: 12 }, (_, n) =>
        database
          .transaction(async (tx) => {
            const [row] = await insertProbes(tx, [{ label: `parallel ${n}`, size: n }]);
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
