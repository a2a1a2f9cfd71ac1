import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { FilterAction, FilterCondition, FilterRequest } from '@postline/shared/filters';
import type { Queryable, Tx } from '../../db/client.js';
import { filterActions, filterConditions, filterExecutions, filters } from '../../db/schema/filters.js';
import { bumpFilterRevision } from './revision.js';
import { queryRows } from '../../db/rows.js';

/** A filter with its conditions and actions, as stored. */
export interface FilterRecord {
  id: number;
  name: string;
  description: string | null;
  isActive: boolean;
  applyToExisting: boolean;
  priority: number;
  executionCount: number;
  lastExecutedAt: Date | null;
  totalExecutionMs: number;
  createdAt: Date;
  updatedAt: Date;
  conditions: FilterCondition[];
  actions: FilterAction[];
}

interface RawFilterRow {
  id: number;
  name: string;
  description: string | null;
  is_active: boolean;
  apply_to_existing: boolean;
  priority: number;
  execution_count: number;
  last_executed_at: Date | string | null;
  total_execution_ms: number | string;
  created_at: Date | string;
  updated_at: Date | string;
  conditions: FilterCondition[] | string;
  actions: FilterAction[] | string;
}

/** json_agg comes back parsed from node-postgres and PGlite alike, but text is accepted too. */
function jsonList<T>(value: T[] | string): T[] {
  return typeof value === 'string' ? (JSON.parse(value) as T[]) : value;
}

function toRecord(row: RawFilterRow): FilterRecord {
  return {
    id: Number(row.id),
    name: row.name,
    description: row.description,
    isActive: row.is_active,
    applyToExisting: row.apply_to_existing,
    priority: Number(row.priority),
    executionCount: Number(row.execution_count),
    lastExecutedAt: row.last_executed_at === null ? null : new Date(row.last_executed_at),
    totalExecutionMs: Number(row.total_execution_ms),
    createdAt: new Date(row.created_at),
    updatedAt: new Date(row.updated_at),
    conditions: jsonList(row.conditions),
    actions: jsonList(row.actions),
  };
}

/**
 * One round trip for filters with their conditions and actions: delivery runs this for every
 * message, so it stays a single indexed query (filters_user_active_idx plus the child indexes).
 */
async function selectFilters(db: Queryable, where: SQL): Promise<FilterRecord[]> {
  const rows = await queryRows<RawFilterRow>(
    db,
    sql`
    SELECT f.id, f.name, f.description, f.is_active, f.apply_to_existing, f.priority, f.execution_count,
      f.last_executed_at, f.total_execution_ms, f.created_at, f.updated_at,
      coalesce((
        SELECT json_agg(json_build_object('id', c.id, 'conditionType', c.condition_type, 'operator', c.operator,
          'value', c.value, 'caseSensitive', c.case_sensitive, 'isRegex', c.is_regex) ORDER BY c.position, c.id)
        FROM filter_conditions c WHERE c.filter_id = f.id), '[]'::json) AS conditions,
      coalesce((
        SELECT json_agg(json_build_object('id', a.id, 'actionType', a.action_type, 'actionValue', a.action_value,
          'sortOrder', a.sort_order) ORDER BY a.sort_order, a.id)
        FROM filter_actions a WHERE a.filter_id = f.id), '[]'::json) AS actions
    FROM filters f
    WHERE ${where}
    ORDER BY f.priority, f.id`,
  );
  return rows.map(toRecord);
}

export function listFilterRecords(db: Queryable, userId: number): Promise<FilterRecord[]> {
  return selectFilters(db, sql`f.user_id = ${userId}`);
}

/** The filters delivery runs, in priority order. */
export function listActiveFilterRecords(db: Queryable, userId: number): Promise<FilterRecord[]> {
  return selectFilters(db, sql`f.user_id = ${userId} AND f.is_active`);
}

export async function findFilterRecord(
  db: Queryable,
  userId: number,
  id: number,
): Promise<FilterRecord | undefined> {
  const [record] = await selectFilters(db, sql`f.user_id = ${userId} AND f.id = ${id}`);
  return record;
}

export async function findFilterRecords(
  db: Queryable,
  userId: number,
  ids: readonly number[],
): Promise<FilterRecord[]> {
  if (ids.length === 0) return [];
  return selectFilters(
    db,
    sql`f.user_id = ${userId} AND f.id IN (${sql.join(
      ids.map((id) => sql`${id}`),
      sql`, `,
    )})`,
  );
}

async function insertChildren(tx: Tx, filterId: number, request: FilterRequest): Promise<void> {
  if (request.conditions.length > 0) {
    await tx.insert(filterConditions).values(
      request.conditions.map((c, position) => ({
        filterId,
        position,
        conditionType: c.conditionType,
        operator: c.operator,
        value: c.value,
        caseSensitive: c.caseSensitive,
        isRegex: c.isRegex,
      })),
    );
  }
  if (request.actions.length > 0) {
    await tx.insert(filterActions).values(
      request.actions.map((a) => ({
        filterId,
        sortOrder: a.sortOrder,
        actionType: a.actionType,
        actionValue: a.actionValue,
      })),
    );
  }
}

export async function insertFilter(
  tx: Tx,
  userId: number,
  request: FilterRequest,
  priority: number,
): Promise<number> {
  const [row] = await tx
    .insert(filters)
    .values({
      userId,
      name: request.name,
      description: request.description ?? null,
      isActive: request.isActive,
      applyToExisting: request.applyToExisting,
      priority,
    })
    .returning({ id: filters.id });
  if (!row) throw new Error('filter insert returned nothing');
  await insertChildren(tx, row.id, request);
  await bumpFilterRevision(tx, userId);
  return row.id;
}

/** Rewrites a filter's fields and replaces its conditions and actions; false when it is not the user's. */
export async function replaceFilter(
  tx: Tx,
  userId: number,
  id: number,
  request: FilterRequest,
): Promise<boolean> {
  const updated = await tx
    .update(filters)
    .set({
      name: request.name,
      description: request.description ?? null,
      isActive: request.isActive,
      applyToExisting: request.applyToExisting,
      updatedAt: new Date(),
    })
    .where(and(eq(filters.id, id), eq(filters.userId, userId)))
    .returning({ id: filters.id });
  if (updated.length === 0) return false;
  await tx.delete(filterConditions).where(eq(filterConditions.filterId, id));
  await tx.delete(filterActions).where(eq(filterActions.filterId, id));
  await insertChildren(tx, id, request);
  await bumpFilterRevision(tx, userId);
  return true;
}

export async function deleteFilterRow(tx: Tx, userId: number, id: number): Promise<boolean> {
  const deleted = await tx
    .delete(filters)
    .where(and(eq(filters.id, id), eq(filters.userId, userId)))
    .returning({ id: filters.id });
  if (deleted.length > 0) await bumpFilterRevision(tx, userId);
  return deleted.length > 0;
}

/** The user's filter ids in priority order, locked so concurrent reorders queue up. */
export async function lockOrderedIds(tx: Tx, userId: number): Promise<number[]> {
  const rows = await queryRows<{ id: number }>(
    tx,
    sql`SELECT id FROM filters WHERE user_id = ${userId} ORDER BY priority, id FOR UPDATE`,
  );
  return rows.map((r) => Number(r.id));
}

/** Priorities 1..n in the order given; only rows that change are written. */
export async function writePriorities(tx: Tx, userId: number, orderedIds: readonly number[]): Promise<void> {
  if (orderedIds.length === 0) return;
  const pairs = sql.join(
    orderedIds.map((id, index) => sql`(${id}::int, ${index + 1}::int)`),
    sql`, `,
  );
  await tx.execute(sql`
    UPDATE filters f SET priority = v.priority, updated_at = now()
    FROM (VALUES ${pairs}) AS v(id, priority)
    WHERE f.id = v.id AND f.user_id = ${userId} AND f.priority <> v.priority`);
  await bumpFilterRevision(tx, userId);
}

export async function setActive(
  tx: Tx,
  userId: number,
  ids: readonly number[],
  isActive: boolean,
): Promise<void> {
  await tx
    .update(filters)
    .set({ isActive, updatedAt: new Date() })
    .where(and(eq(filters.userId, userId), inArray(filters.id, [...ids])));
  await bumpFilterRevision(tx, userId);
}

export async function countOwned(db: Queryable, userId: number, ids: readonly number[]): Promise<number> {
  if (ids.length === 0) return 0;
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(filters)
    .where(and(eq(filters.userId, userId), inArray(filters.id, [...ids])));
  return Number(row?.n ?? 0);
}

export interface ExecutionEntry {
  filterId: number;
  messageId: number | null;
  durationMs: number;
}

/** Each entry is one match: a history row plus the filter's counters, in the caller's transaction. */
export async function recordExecutions(
  tx: Tx,
  userId: number,
  entries: readonly ExecutionEntry[],
): Promise<void> {
  if (entries.length === 0) return;
  await tx.insert(filterExecutions).values(
    entries.map((e) => ({
      filterId: e.filterId,
      userId,
      messageId: e.messageId,
      durationMs: e.durationMs,
    })),
  );
  const perFilter = new Map<number, { count: number; ms: number }>();
  for (const e of entries) {
    const sum = perFilter.get(e.filterId) ?? { count: 0, ms: 0 };
    sum.count += 1;
    sum.ms += e.durationMs;
    perFilter.set(e.filterId, sum);
  }
  const values = sql.join(
    [...perFilter].map(([id, s]) => sql`(${id}::int, ${s.count}::int, ${s.ms}::float8)`),
    sql`, `,
  );
  await tx.execute(sql`
    UPDATE filters f SET execution_count = f.execution_count + v.n, total_execution_ms = f.total_execution_ms + v.ms,
      last_executed_at = now()
    FROM (VALUES ${values}) AS v(id, n, ms)
    WHERE f.id = v.id AND f.user_id = ${userId}`);
}
