import { sql, type SQL } from 'drizzle-orm';
import type { ActionType, ConditionType, FilterStatistics } from '@postline/shared/filters';
import { dayInZone } from '@postline/shared/time-zones';
import type { Queryable } from '../../db/client.js';
import { queryRows } from '../../db/rows.js';

export const STATISTICS_DAYS = 30;
export const TOP_FILTERS = 5;

/** The calendar day `offset` days from a YYYY-MM-DD day (no zone: plain date arithmetic). */
function dayFrom(day: string, offset: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + offset * 86_400_000).toISOString().slice(0, 10);
}

/**
 * GET /filters/statistics. Days and hours are the reader's (issue 34: the zone the request names,
 * else UTC); executionsByDay lists each of the last 30 days (today included, oldest first) and
 * executionsByHour all 24 hours over the same window, zeros included, so a chart needs no filling in.
 */
export async function filterStatistics(
  db: Queryable,
  userId: number,
  now = new Date(),
  timeZone = 'UTC',
): Promise<FilterStatistics> {
  const rows = <Row>(query: SQL) => queryRows<Row>(db, query);
  const [totals] = await rows<{ total: number; active: number; executions: number; ms: number }>(
    sql`
      SELECT count(*)::int AS total, count(*) FILTER (WHERE is_active)::int AS active,
        coalesce(sum(execution_count), 0)::int AS executions, coalesce(sum(total_execution_ms), 0)::float8 AS ms
      FROM filters WHERE user_id = ${userId}`,
  );
  const total = Number(totals?.total ?? 0);
  const active = Number(totals?.active ?? 0);
  const executions = Number(totals?.executions ?? 0);
  const totalMs = Number(totals?.ms ?? 0);

  const top = await rows<{
    id: number;
    name: string;
    description: string | null;
    execution_count: number;
    is_active: boolean;
    conditions: number;
  }>(
    sql`
      SELECT f.id, f.name, f.description, f.execution_count, f.is_active,
        (SELECT count(*)::int FROM filter_conditions c WHERE c.filter_id = f.id) AS conditions
      FROM filters f WHERE f.user_id = ${userId} AND f.execution_count > 0
      ORDER BY f.execution_count DESC, f.priority, f.id LIMIT ${TOP_FILTERS}`,
  );

  const firstDay = dayFrom(dayInZone(now, timeZone), -(STATISTICS_DAYS - 1));
  // Midnight of the first day, in the reader's zone.
  const since = sql`(${firstDay}::date)::timestamp AT TIME ZONE ${timeZone}`;
  const byDay = await rows<{ day: string; n: number }>(
    sql`
      SELECT to_char(executed_at AT TIME ZONE ${timeZone}, 'YYYY-MM-DD') AS day, count(*)::int AS n
      FROM filter_executions WHERE user_id = ${userId} AND executed_at >= ${since}
      GROUP BY 1`,
  );
  const byHour = await rows<{ hour: number; n: number }>(
    sql`
      SELECT extract(hour FROM executed_at AT TIME ZONE ${timeZone})::int AS hour, count(*)::int AS n
      FROM filter_executions WHERE user_id = ${userId} AND executed_at >= ${since}
      GROUP BY 1`,
  );
  const conditionTypes = await rows<{ type: ConditionType; n: number }>(
    sql`
      SELECT c.condition_type AS type, count(*)::int AS n
      FROM filter_conditions c JOIN filters f ON f.id = c.filter_id
      WHERE f.user_id = ${userId} GROUP BY 1 ORDER BY 2 DESC, 1`,
  );
  const actionTypes = await rows<{ type: ActionType; n: number }>(
    sql`
      SELECT a.action_type AS type, count(*)::int AS n
      FROM filter_actions a JOIN filters f ON f.id = a.filter_id
      WHERE f.user_id = ${userId} GROUP BY 1 ORDER BY 2 DESC, 1`,
  );

  const dayCounts = new Map(byDay.map((r) => [r.day, Number(r.n)]));
  const hourCounts = new Map(byHour.map((r) => [Number(r.hour), Number(r.n)]));
  return {
    totalFilters: total,
    activeFilters: active,
    inactiveFilters: total - active,
    totalExecutions: executions,
    activationRate: total === 0 ? 0 : Math.round((active / total) * 100),
    averageExecutionTimeMs: executions === 0 ? null : Math.round((totalMs / executions) * 1000) / 1000,
    topFilters: top.map((r) => ({
      id: Number(r.id),
      name: r.name,
      description: r.description,
      executionCount: Number(r.execution_count),
      isActive: r.is_active,
      conditionCount: Number(r.conditions),
    })),
    executionsByDay: Array.from({ length: STATISTICS_DAYS }, (_, i) => {
      const date = dayFrom(firstDay, i);
      return { date, count: dayCounts.get(date) ?? 0 };
    }),
    executionsByHour: Array.from({ length: 24 }, (_, hour) => ({ hour, count: hourCounts.get(hour) ?? 0 })),
    topConditionTypes: conditionTypes.map((r) => ({ type: r.type, count: Number(r.n) })),
    topActionTypes: actionTypes.map((r) => ({ type: r.type, count: Number(r.n) })),
    timeZone,
  };
}
