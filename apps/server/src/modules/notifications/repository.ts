import { and, count, desc, eq, gte, inArray, lt, sql, type SQL } from 'drizzle-orm';
import type { Language } from '@postline/shared/errors';
import type { NotificationType } from '@postline/shared/notifications';
import type { Queryable } from '../../db/client.js';
import { reusableInsert } from '../../db/reusable-query.js';
import { users } from '../../db/schema/core.js';
import { notificationSettings, notifications } from '../../db/schema/notifications.js';
import type { NotificationSettingsRow } from '../../db/schema/notifications.js';
import type { NotificationRow } from './presenter.js';

export type NewNotificationRow = typeof notifications.$inferInsert;
export type NotificationPatch = Partial<
  Pick<
    NewNotificationRow,
    'type' | 'title' | 'content' | 'titleKey' | 'contentKey' | 'referenceType' | 'referenceId' | 'data'
  >
>;

const ownedBy = (userId: number, extra?: SQL): SQL | undefined =>
  and(eq(notifications.userId, userId), extra);

export async function listNotifications(
  db: Queryable,
  userId: number,
  options: { page: number; size: number; isRead?: boolean | undefined },
): Promise<{ rows: NotificationRow[]; total: number }> {
  const where = ownedBy(
    userId,
    options.isRead === undefined ? undefined : eq(notifications.isRead, options.isRead),
  );
  const rows = await db
    .select()
    .from(notifications)
    .where(where)
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(options.size)
    .offset(options.page * options.size);
  const [totals] = await db.select({ total: count() }).from(notifications).where(where);
  return { rows, total: totals?.total ?? 0 };
}

export async function countUnread(db: Queryable, userId: number): Promise<number> {
  const [row] = await db
    .select({ total: count() })
    .from(notifications)
    .where(ownedBy(userId, eq(notifications.isRead, false)));
  return row?.total ?? 0;
}

export async function findNotification(
  db: Queryable,
  userId: number,
  id: number,
): Promise<NotificationRow | undefined> {
  const [row] = await db
    .select()
    .from(notifications)
    .where(ownedBy(userId, eq(notifications.id, id)));
  return row;
}

/** Built once: a delivery batch's new-mail notifications, in one statement (db/reusable-query.ts). */
const insertNotificationRows = reusableInsert('notification', notifications, (q, rows) =>
  q.insert(notifications).values(rows).returning(),
);

/** The rows stored, in the order given (their ids were drawn in that order). */
export async function insertNotifications(
  db: Queryable,
  values: readonly NewNotificationRow[],
): Promise<NotificationRow[]> {
  if (values.length === 0) return [];
  const rows = await insertNotificationRows(db, values);
  if (rows.length !== values.length) throw new Error('notification insert returned the wrong number of rows');
  return rows.sort((a, b) => a.id - b.id);
}

export async function updateNotification(
  db: Queryable,
  userId: number,
  id: number,
  patch: NotificationPatch,
): Promise<NotificationRow | undefined> {
  const [row] = await db
    .update(notifications)
    .set({ ...patch, updatedAt: new Date() })
    .where(ownedBy(userId, eq(notifications.id, id)))
    .returning();
  return row;
}

/** Marking read keeps the first readAt; marking unread clears it. */
function readState(isRead: boolean) {
  return {
    isRead,
    readAt: isRead ? sql`coalesce(${notifications.readAt}, now())` : null,
    updatedAt: new Date(),
  };
}

export async function setRead(
  db: Queryable,
  userId: number,
  id: number,
  isRead: boolean,
): Promise<NotificationRow | undefined> {
  const [row] = await db
    .update(notifications)
    .set(readState(isRead))
    .where(ownedBy(userId, eq(notifications.id, id)))
    .returning();
  return row;
}

/** Marks unread ones read; answers the ids that changed (other users' or already read ones do not). */
export async function markRead(db: Queryable, userId: number, ids?: number[]): Promise<number[]> {
  const rows = await db
    .update(notifications)
    .set(readState(true))
    .where(
      ownedBy(userId, and(eq(notifications.isRead, false), ids ? inArray(notifications.id, ids) : undefined)),
    )
    .returning({ id: notifications.id });
  return rows.map((row) => row.id);
}

/** Marks read the unread NEW_MESSAGE notifications of these messages; answers the ids that changed. */
export async function markReadForMessages(
  db: Queryable,
  userId: number,
  messageIds: number[],
): Promise<number[]> {
  if (messageIds.length === 0) return [];
  const rows = await db
    .update(notifications)
    .set(readState(true))
    .where(
      ownedBy(
        userId,
        and(
          eq(notifications.isRead, false),
          eq(notifications.type, 'NEW_MESSAGE'),
          eq(notifications.referenceType, 'MESSAGE'),
          inArray(notifications.referenceId, messageIds),
        ),
      ),
    )
    .returning({ id: notifications.id });
  return rows.map((row) => row.id);
}

export async function deleteNotifications(db: Queryable, userId: number, ids: number[]): Promise<number> {
  const rows = await db
    .delete(notifications)
    .where(ownedBy(userId, inArray(notifications.id, ids)))
    .returning({ id: notifications.id });
  return rows.length;
}

export async function deleteOlderThan(db: Queryable, userId: number, cutoff: Date): Promise<number> {
  const rows = await db
    .delete(notifications)
    .where(ownedBy(userId, lt(notifications.createdAt, cutoff)))
    .returning({ id: notifications.id });
  return rows.length;
}

export async function readCounts(db: Queryable, userId: number): Promise<{ total: number; unread: number }> {
  const [row] = await db
    .select({
      total: count(),
      unread: sql<number>`count(*) FILTER (WHERE NOT ${notifications.isRead})`.mapWith(Number),
    })
    .from(notifications)
    .where(ownedBy(userId));
  return { total: row?.total ?? 0, unread: row?.unread ?? 0 };
}

export async function countsByType(
  db: Queryable,
  userId: number,
): Promise<Array<{ type: NotificationType; count: number }>> {
  return db
    .select({ type: notifications.type, count: count() })
    .from(notifications)
    .where(ownedBy(userId))
    .groupBy(notifications.type);
}

/** Notifications per UTC day since `since`, as YYYY-MM-DD. */
export async function countsByDay(db: Queryable, userId: number, since: Date): Promise<Map<string, number>> {
  const day = sql<string>`to_char(${notifications.createdAt} AT TIME ZONE 'UTC', 'YYYY-MM-DD')`;
  const rows = await db
    .select({ day, count: count() })
    .from(notifications)
    .where(ownedBy(userId, gte(notifications.createdAt, since)))
    .groupBy(day);
  return new Map(rows.map((r) => [r.day, r.count]));
}

export async function findSettings(
  db: Queryable,
  userId: number,
): Promise<NotificationSettingsRow | undefined> {
  const [row] = await db.select().from(notificationSettings).where(eq(notificationSettings.userId, userId));
  return row;
}

export async function saveSettings(
  db: Queryable,
  values: Omit<NotificationSettingsRow, 'updatedAt'>,
): Promise<NotificationSettingsRow> {
  const { userId: _key, ...flags } = values;
  const [row] = await db
    .insert(notificationSettings)
    .values({ ...values, updatedAt: new Date() })
    .onConflictDoUpdate({ target: notificationSettings.userId, set: { ...flags, updatedAt: new Date() } })
    .returning();
  if (!row) throw new Error('notification settings upsert returned no row');
  return row;
}

export async function findUserLanguage(db: Queryable, userId: number): Promise<Language | undefined> {
  const [row] = await db.select({ language: users.language }).from(users).where(eq(users.id, userId));
  return row?.language;
}
