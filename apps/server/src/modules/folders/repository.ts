import { and, asc, eq, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { Queryable } from '../../db/client.js';
import { mailboxes } from '../../db/schema/core.js';
import { folderColumns } from './counts.js';
import { queryRows } from '../../db/rows.js';

export type FolderRow = typeof mailboxes.$inferSelect;
export type FolderRowType = FolderRow['type'];

export function listFolderRows(db: Queryable, userId: number): Promise<FolderRow[]> {
  return db
    .select(folderColumns)
    .from(mailboxes)
    .where(eq(mailboxes.userId, userId))
    .orderBy(asc(mailboxes.id));
}

export async function findFolderRow(
  db: Queryable,
  userId: number,
  id: number,
): Promise<FolderRow | undefined> {
  const [row] = await db
    .select(folderColumns)
    .from(mailboxes)
    .where(and(eq(mailboxes.id, id), eq(mailboxes.userId, userId)));
  return row;
}

/** The id of the user's system folder as a column of a larger select (delivery reads it with the user). */
export function systemFolderIdOf(
  userId: SQL | AnyColumn,
  type: Exclude<FolderRowType, 'CUSTOM'>,
): SQL<number | null> {
  return sql<number | null>`(SELECT id FROM mailboxes WHERE user_id = ${userId} AND type = ${type})`;
}

export async function findFolderRowByType(
  db: Queryable,
  userId: number,
  type: Exclude<FolderRowType, 'CUSTOM'>,
): Promise<FolderRow | undefined> {
  const [row] = await db
    .select(folderColumns)
    .from(mailboxes)
    .where(and(eq(mailboxes.userId, userId), eq(mailboxes.type, type)));
  return row;
}

/** Whether a folder of that name already sits under the parent (names compare case-insensitively). */
export async function siblingNameTaken(
  db: Queryable,
  userId: number,
  parentId: number | null,
  name: string,
  exceptId?: number,
): Promise<boolean> {
  const [row] = await db
    .select({ id: mailboxes.id })
    .from(mailboxes)
    .where(
      and(
        eq(mailboxes.userId, userId),
        sql`coalesce(${mailboxes.parentId}, 0) = ${parentId ?? 0}`,
        sql`lower(${mailboxes.name}) = lower(${name})`,
        exceptId === undefined ? undefined : sql`${mailboxes.id} <> ${exceptId}`,
      ),
    );
  return row !== undefined;
}

/** The folder and every folder nested under it, at any depth. */
export async function subtreeIds(db: Queryable, userId: number, rootId: number): Promise<number[]> {
  const tree = await queryRows<{ id: number }>(
    db,
    sql`
    WITH RECURSIVE tree AS (
      SELECT id FROM mailboxes WHERE id = ${rootId} AND user_id = ${userId}
      UNION
      SELECT m.id FROM mailboxes m JOIN tree t ON m.parent_id = t.id WHERE m.user_id = ${userId}
    )
    SELECT id FROM tree`,
  );
  return tree.map((r) => Number(r.id));
}

/** A new custom folder at the top level; the caller has checked that its name is free. */
export async function insertTopFolder(db: Queryable, userId: number, name: string): Promise<FolderRow> {
  const [row] = await db
    .insert(mailboxes)
    .values({ userId, name, type: 'CUSTOM', parentId: null })
    .returning();
  if (!row) throw new Error('folder insert returned nothing');
  return row;
}
