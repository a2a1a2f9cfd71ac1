import { getTableColumns, is, sql, SQL, type Column } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Queryable } from './client.js';

/** What drizzle's `.prepare(name)` answers on either driver: run it with the placeholders' values. */
interface PreparedStatement<TResult> {
  execute(values?: Record<string, unknown>): Promise<TResult>;
}

/**
 * A statement of the delivery's hot path, built by drizzle once per process and run in every
 * transaction with new values (issue 13). Building a query (column mapping, parameter encoders, the
 * SQL text) took about a sixth of the server's CPU per delivered message; the statement's name also
 * lets PostgreSQL parse and plan it once per connection instead of once per message.
 *
 * `build` must give the same SQL text for every call (values only through `sql.placeholder`); the
 * name must be unique in the process. Each call runs on the connection or transaction `q` it is
 * given: the prepared statement drizzle built is reused with that one's driver client, the way
 * drizzle's own session would make it (`session.client`: a pool client or PGlite transaction inside
 * a transaction, the pool or PGlite outside one).
 */
export function reusableQuery<TResult>(
  name: string,
  build: (q: Queryable) => { prepare(name: string): PreparedStatement<TResult> },
): (q: Queryable, values: Record<string, unknown>) => Promise<TResult> {
  // One per driver (node-postgres, PGlite): a process may hold both, e.g. a test of each.
  const templates = new Map<unknown, PreparedStatement<TResult>>();
  return (q, values) => {
    const session = q._.session;
    const driver = Object.getPrototypeOf(session) as unknown;
    let template = templates.get(driver);
    if (!template) {
      template = build(q).prepare(name);
      templates.set(driver, template);
    }
    const statement = Object.create(template) as PreparedStatement<TResult> & { client: unknown };
    statement.client = driverClientOf(session);
    return statement.execute(values);
  };
}

function driverClientOf(session: Queryable['_']['session']): unknown {
  // drizzle 0.45 keeps the driver's client on its session for both node-postgres and PGlite; the
  // field is private in its types only. Without it, a statement would run outside the transaction.
  const client = (session as unknown as { client?: unknown }).client;
  if (!client) throw new Error('reusableQuery: this drizzle session has no driver client');
  return client;
}

/**
 * A reusable INSERT of rows into `table` (see reusableQuery): one prepared statement per number of
 * rows and set of columns given, in practice a few per caller (a delivery batch holds up to 32).
 * `build` writes the statement with the rows it is given, e.g.
 * `(q, rows) => q.insert(messages).values(rows).returning({ id: messages.id })`. Values are encoded
 * as drizzle encodes them; a column left undefined in a row keeps its default. Not for tables with
 * $defaultFn/$onUpdate columns (drizzle would compute those once, for the first row) nor for SQL
 * values: both are refused. Several rows go in one statement, so one round trip (issue 13): a
 * serial id is drawn for each row in the order given, so sorting the returned ids gives them in
 * that order. Give every row the same columns (null where the default is null): each sequence of
 * column sets is a statement of its own, prepared on every connection.
 */
export function reusableInsert<TTable extends PgTable, TResult>(
  name: string,
  table: TTable,
  build: (
    q: Queryable,
    rows: TTable['$inferInsert'][],
  ) => { prepare(name: string): PreparedStatement<TResult> },
): (q: Queryable, rows: readonly TTable['$inferInsert'][]) => Promise<TResult> {
  const tableColumns: Record<string, Column> = getTableColumns(table);
  const computed = Object.entries(tableColumns).filter(([, column]) => column.defaultFn || column.onUpdateFn);
  if (computed.length > 0)
    throw new Error(`reusableInsert(${name}): computed columns ${computed.map(([key]) => key).join(', ')}`);
  const bySignature = new Map<string, (q: Queryable, values: Record<string, unknown>) => Promise<TResult>>();
  return (q, rows) => {
    if (rows.length === 0) throw new Error(`reusableInsert(${name}): no rows`);
    const given = rows as readonly Record<string, unknown>[];
    const columns = given.map((row) =>
      Object.keys(row).filter((key) => row[key] !== undefined && key in tableColumns),
    );
    const signature = columns.map((keys) => keys.join(',')).join('|');
    let insert = bySignature.get(signature);
    if (!insert) {
      // Bare placeholders, `<column>_<row>`: the values are encoded below, where null stays null.
      const placeholders = columns.map((keys, i) =>
        Object.fromEntries(keys.map((key) => [key, sql`${sql.placeholder(`${key}_${i}`)}`])),
      );
      insert = reusableQuery(`${name}_${bySignature.size + 1}`, (q) =>
        build(q, placeholders as TTable['$inferInsert'][]),
      );
      bySignature.set(signature, insert);
    }
    const values: Record<string, unknown> = {};
    columns.forEach((keys, i) => {
      for (const key of keys) {
        const value = given[i]![key];
        if (is(value, SQL)) throw new Error(`reusableInsert(${name}): ${key} is SQL, not a value`);
        values[`${key}_${i}`] = value === null ? null : tableColumns[key]!.mapToDriverValue(value);
      }
    });
    return insert(q, values);
  };
}
