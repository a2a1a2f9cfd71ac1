import type { NotificationStatistics } from '@postline/shared/notifications';
import type { Queryable } from '../../db/client.js';
import * as repo from './repository.js';

const DAY_MS = 24 * 60 * 60 * 1000;
const STATISTICS_DAYS = 7;

/** GET /notifications/statistics: totals, by type, and each of the last seven days (UTC). */
export async function notificationStatistics(
  db: Queryable,
  userId: number,
  now = new Date(),
): Promise<NotificationStatistics> {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const since = new Date(today - (STATISTICS_DAYS - 1) * DAY_MS);
  const [counts, byType, byDay] = await Promise.all([
    repo.readCounts(db, userId),
    repo.countsByType(db, userId),
    repo.countsByDay(db, userId, since),
  ]);
  const last7Days = Array.from({ length: STATISTICS_DAYS }, (_, i) => {
    const date = new Date(since.getTime() + i * DAY_MS).toISOString().slice(0, 10);
    return { date, count: byDay.get(date) ?? 0 };
  });
  return {
    total: counts.total,
    unread: counts.unread,
    read: counts.total - counts.unread,
    byType: byType.sort((a, b) => b.count - a.count || a.type.localeCompare(b.type)),
    last7Days,
  };
}
