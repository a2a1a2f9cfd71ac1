import { eq, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client.js';
import { userSettings, type UserSettingsRow } from '../../db/schema/settings.js';

export async function findSettings(db: Queryable, userId: number): Promise<UserSettingsRow | undefined> {
  const [row] = await db.select().from(userSettings).where(eq(userSettings.userId, userId));
  return row;
}

/** The row, written at the first change; only the columns given change. */
export async function saveSettings(
  db: Queryable,
  userId: number,
  change: Partial<Pick<UserSettingsRow, 'undoSendSeconds' | 'conversationView' | 'keyboardShortcuts'>>,
): Promise<UserSettingsRow> {
  const [row] = await db
    .insert(userSettings)
    .values({ userId, ...change })
    .onConflictDoUpdate({ target: userSettings.userId, set: { ...change, updatedAt: sql`now()` } })
    .returning();
  if (!row) throw new Error('user settings upsert returned no row');
  return row;
}
