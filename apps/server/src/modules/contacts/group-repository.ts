import { and, asc, count, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Queryable } from '../../db/client.js';
import { contactGroupMembers, contactGroups, contacts } from '../../db/schema/contacts.js';
import { nameKeysOf, prefixPattern } from './search-keys.js';

/** The contact groups' SQL; every statement is scoped to one user. */

export type GroupRow = typeof contactGroups.$inferSelect;

export interface StoredGroup {
  row: GroupRow;
  memberIds: number[];
}

function listCondition(userId: number, q: string | undefined): SQL {
  if (!q) return eq(contactGroups.userId, userId);
  const contains = `%${q.toLowerCase().replace(/[\\%_]/gu, (ch) => `\\${ch}`)}%`;
  return and(
    eq(contactGroups.userId, userId),
    sql`(${contactGroups.nameKey} LIKE ${contains} OR ${contactGroups.initials} LIKE ${prefixPattern(q)})`,
  )!;
}

export async function countGroups(db: Queryable, userId: number, q?: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(contactGroups).where(listCondition(userId, q));
  return row?.n ?? 0;
}

export async function listGroups(
  db: Queryable,
  userId: number,
  options: { q?: string | undefined; limit: number; offset: number },
): Promise<StoredGroup[]> {
  const rows = await db
    .select()
    .from(contactGroups)
    .where(listCondition(userId, options.q))
    .orderBy(asc(contactGroups.nameKey), asc(contactGroups.id))
    .limit(options.limit)
    .offset(options.offset);
  return withMembers(db, rows);
}

export async function findGroup(db: Queryable, userId: number, id: number): Promise<StoredGroup | null> {
  const rows = await db
    .select()
    .from(contactGroups)
    .where(and(eq(contactGroups.userId, userId), eq(contactGroups.id, id)));
  const [group] = await withMembers(db, rows);
  return group ?? null;
}

async function withMembers(db: Queryable, rows: GroupRow[]): Promise<StoredGroup[]> {
  if (rows.length === 0) return [];
  const members = await db
    .select({ groupId: contactGroupMembers.groupId, contactId: contactGroupMembers.contactId })
    .from(contactGroupMembers)
    .where(
      inArray(
        contactGroupMembers.groupId,
        rows.map((row) => row.id),
      ),
    )
    .orderBy(asc(contactGroupMembers.contactId));
  return rows.map((row) => ({
    row,
    memberIds: members.filter((m) => m.groupId === row.id).map((m) => m.contactId),
  }));
}

/** Whether another group of the user already has this name (compared in lower case). */
export async function nameTaken(
  db: Queryable,
  userId: number,
  name: string,
  exceptId?: number,
): Promise<boolean> {
  const [row] = await db
    .select({ id: contactGroups.id })
    .from(contactGroups)
    .where(
      and(
        eq(contactGroups.userId, userId),
        eq(contactGroups.nameKey, nameKeysOf(name).nameKey),
        exceptId === undefined ? undefined : sql`${contactGroups.id} <> ${exceptId}`,
      ),
    );
  return row !== undefined;
}

/** How many of these ids are the user's contacts. */
export async function ownedContactCount(db: Queryable, userId: number, ids: number[]): Promise<number> {
  if (ids.length === 0) return 0;
  const [row] = await db
    .select({ n: count() })
    .from(contacts)
    .where(and(eq(contacts.userId, userId), inArray(contacts.id, ids)));
  return row?.n ?? 0;
}

export async function insertGroup(db: Queryable, userId: number, name: string): Promise<number> {
  const { nameKey, initials } = nameKeysOf(name);
  const [row] = await db
    .insert(contactGroups)
    .values({ userId, name, nameKey, initials })
    .returning({ id: contactGroups.id });
  return row!.id;
}

export async function renameGroup(db: Queryable, userId: number, id: number, name: string): Promise<boolean> {
  const { nameKey, initials } = nameKeysOf(name);
  const updated = await db
    .update(contactGroups)
    .set({ name, nameKey, initials, updatedAt: sql`now()` })
    .where(and(eq(contactGroups.userId, userId), eq(contactGroups.id, id)))
    .returning({ id: contactGroups.id });
  return updated.length > 0;
}

/** The group's members become exactly these (the caller checked they are the user's contacts). */
export async function setMembers(db: Queryable, groupId: number, contactIds: number[]): Promise<void> {
  await db.delete(contactGroupMembers).where(eq(contactGroupMembers.groupId, groupId));
  if (contactIds.length > 0)
    await db.insert(contactGroupMembers).values(contactIds.map((contactId) => ({ groupId, contactId })));
}

export async function deleteGroup(db: Queryable, userId: number, id: number): Promise<boolean> {
  const deleted = await db
    .delete(contactGroups)
    .where(and(eq(contactGroups.userId, userId), eq(contactGroups.id, id)))
    .returning({ id: contactGroups.id });
  return deleted.length > 0;
}
