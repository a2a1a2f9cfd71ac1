import { and, asc, eq, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client.js';
import { templateCategories, templates } from '../../db/schema/templates.js';

export type CategoryRow = typeof templateCategories.$inferSelect;

/** Built-in categories first in their SPEC order, then the user's own by name. */
export async function listCategories(db: Queryable, userId: number): Promise<CategoryRow[]> {
  return db
    .select()
    .from(templateCategories)
    .where(eq(templateCategories.userId, userId))
    .orderBy(
      sql`array_position(ARRAY['GENERAL','BUSINESS','PERSONAL','SYSTEM'], ${templateCategories.code}) NULLS LAST`,
      sql`lower(${templateCategories.name})`,
      asc(templateCategories.id),
    );
}

export async function findCategory(
  db: Queryable,
  userId: number,
  id: number,
): Promise<CategoryRow | undefined> {
  const [row] = await db
    .select()
    .from(templateCategories)
    .where(and(eq(templateCategories.id, id), eq(templateCategories.userId, userId)));
  return row;
}

/** The user's category of that name, any case. */
export async function findCategoryByName(
  db: Queryable,
  userId: number,
  name: string,
): Promise<CategoryRow | undefined> {
  const [row] = await db
    .select()
    .from(templateCategories)
    .where(
      and(eq(templateCategories.userId, userId), sql`lower(${templateCategories.name}) = lower(${name})`),
    );
  return row;
}

export interface CategoryValues {
  name: string;
  description: string | null;
  color: string;
}

export async function insertCategory(
  db: Queryable,
  userId: number,
  values: CategoryValues,
): Promise<CategoryRow> {
  const [row] = await db
    .insert(templateCategories)
    .values({ userId, ...values })
    .returning();
  if (!row) throw new Error('insert returned no row');
  return row;
}

export async function updateCategory(
  db: Queryable,
  userId: number,
  id: number,
  values: CategoryValues,
): Promise<CategoryRow | undefined> {
  const [row] = await db
    .update(templateCategories)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(templateCategories.id, id), eq(templateCategories.userId, userId)))
    .returning();
  return row;
}

/** Moves the category's templates to `targetId` (counts follow by trigger), then deletes it. */
export async function deleteCategoryMovingTemplates(
  db: Queryable,
  userId: number,
  id: number,
  targetId: number,
): Promise<void> {
  await db
    .update(templates)
    .set({ categoryId: targetId, updatedAt: new Date() })
    .where(and(eq(templates.userId, userId), eq(templates.categoryId, id)));
  await db
    .delete(templateCategories)
    .where(and(eq(templateCategories.id, id), eq(templateCategories.userId, userId)));
}
