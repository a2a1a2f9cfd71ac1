import { and, asc, count, desc, eq, getTableColumns, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { TemplateCategoryCode } from '@postline/shared/templates';
import type { Queryable } from '../../db/client.js';
import { templateCategories, templates } from '../../db/schema/templates.js';

export type TemplateRow = typeof templates.$inferSelect;
export type NewTemplateRow = typeof templates.$inferInsert;

/** A template with the category it sits in (its owner's category). */
export interface TemplateRecord extends TemplateRow {
  categoryCode: TemplateCategoryCode | null;
  categoryName: string | null;
  categoryColor: string | null;
}

const recordColumns = {
  ...getTableColumns(templates),
  categoryCode: templateCategories.code,
  categoryName: templateCategories.name,
  categoryColor: templateCategories.color,
};

/** The user's own templates, and those others share and keep active (DESIGN.md 8). */
export function visibleTo(userId: number): SQL {
  return or(eq(templates.userId, userId), and(eq(templates.isShared, true), eq(templates.isActive, true)))!;
}

export function ownedBy(userId: number, ids: readonly number[]): SQL {
  return and(eq(templates.userId, userId), inArray(templates.id, [...ids]))!;
}

/** LIKE's own characters typed by the user are matched literally. */
export function likePattern(keyword: string): string {
  return `%${keyword.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
}

export interface TemplateFilter {
  isActive?: boolean | undefined;
  categoryCode?: TemplateCategoryCode | undefined;
  categoryId?: number | undefined;
  keyword?: string | undefined;
}

function filterCondition(userId: number, filter: TemplateFilter): SQL {
  const parts: SQL[] = [visibleTo(userId)];
  if (filter.isActive !== undefined) parts.push(eq(templates.isActive, filter.isActive));
  if (filter.categoryCode) parts.push(eq(templateCategories.code, filter.categoryCode));
  if (filter.categoryId !== undefined) parts.push(eq(templates.categoryId, filter.categoryId));
  if (filter.keyword) {
    const pattern = likePattern(filter.keyword);
    parts.push(
      or(
        ilike(templates.name, pattern),
        ilike(templates.subject, pattern),
        ilike(templates.bodyText, pattern),
      )!,
    );
  }
  return and(...parts)!;
}

const SORTABLE = {
  createdAt: templates.createdAt,
  updatedAt: templates.updatedAt,
  name: templates.name,
  usageCount: templates.usageCount,
} as const;

/** Spring-style `field,dir`; unknown fields fall back to newest first. */
function ordering(sort: string | undefined): SQL[] {
  const [field = '', dir = 'desc'] = (sort ?? '').split(',').map((part) => part.trim());
  const column = Object.hasOwn(SORTABLE, field)
    ? SORTABLE[field as keyof typeof SORTABLE]
    : templates.createdAt;
  const direction = dir.toLowerCase() === 'asc' ? asc : desc;
  return [direction(column), direction(templates.id)];
}

/** Templates with their category's name: what every read of this file returns. */
function selectRecords(db: Queryable) {
  return db
    .select(recordColumns)
    .from(templates)
    .leftJoin(templateCategories, eq(templateCategories.id, templates.categoryId));
}

export async function findVisibleTemplate(
  db: Queryable,
  userId: number,
  id: number,
): Promise<TemplateRecord | undefined> {
  const [row] = await selectRecords(db).where(and(eq(templates.id, id), visibleTo(userId)));
  return row;
}

export async function findOwnedTemplate(
  db: Queryable,
  userId: number,
  id: number,
): Promise<TemplateRecord | undefined> {
  const [row] = await selectRecords(db).where(ownedBy(userId, [id]));
  return row;
}

export async function listVisibleTemplates(
  db: Queryable,
  userId: number,
  filter: TemplateFilter,
  page: { page: number; size: number; sort?: string | undefined },
): Promise<{ rows: TemplateRecord[]; total: number }> {
  const where = filterCondition(userId, filter);
  const [totals] = await db
    .select({ total: count() })
    .from(templates)
    .leftJoin(templateCategories, eq(templateCategories.id, templates.categoryId))
    .where(where);
  const rows = await selectRecords(db)
    .where(where)
    .orderBy(...ordering(page.sort))
    .limit(page.size)
    .offset(page.page * page.size);
  return { rows, total: totals?.total ?? 0 };
}

/** Most used first among what the user may use: own and shared, active only. */
export async function popularTemplates(
  db: Queryable,
  userId: number,
  limit: number,
): Promise<TemplateRecord[]> {
  return selectRecords(db)
    .where(and(visibleTo(userId), eq(templates.isActive, true)))
    .orderBy(desc(templates.usageCount), desc(templates.id))
    .limit(limit);
}

export async function insertTemplate(db: Queryable, values: NewTemplateRow): Promise<TemplateRow> {
  const [row] = await db.insert(templates).values(values).returning();
  if (!row) throw new Error('insert returned no row');
  return row;
}

export async function updateOwnedTemplate(
  db: Queryable,
  userId: number,
  id: number,
  patch: Partial<NewTemplateRow>,
): Promise<TemplateRow | undefined> {
  const [row] = await db
    .update(templates)
    .set({ ...patch, updatedAt: new Date() })
    .where(ownedBy(userId, [id]))
    .returning();
  return row;
}

/** Applies one change to those of `ids` the user owns; others' ids are left alone. */
export async function updateOwnedTemplates(
  db: Queryable,
  userId: number,
  ids: readonly number[],
  patch: Partial<NewTemplateRow>,
): Promise<number> {
  const rows = await db
    .update(templates)
    .set({ ...patch, updatedAt: new Date() })
    .where(ownedBy(userId, ids))
    .returning({ id: templates.id });
  return rows.length;
}

export async function deleteOwnedTemplates(
  db: Queryable,
  userId: number,
  ids: readonly number[],
): Promise<number> {
  const rows = await db.delete(templates).where(ownedBy(userId, ids)).returning({ id: templates.id });
  return rows.length;
}

/** One more use, counted in the same statement that finds the template (no lost updates). */
export async function countTemplateUse(
  db: Queryable,
  userId: number,
  id: number,
): Promise<TemplateRow | undefined> {
  const [row] = await db
    .update(templates)
    .set({ usageCount: sql`${templates.usageCount} + 1` })
    .where(and(eq(templates.id, id), visibleTo(userId)))
    .returning();
  return row;
}

export interface TemplateTotals {
  total: number;
  active: number;
  shared: number;
  usage: number;
}

export async function templateTotals(db: Queryable, userId: number): Promise<TemplateTotals> {
  const [row] = await db
    .select({
      total: count(),
      active: sql<number>`count(*) FILTER (WHERE ${templates.isActive})`.mapWith(Number),
      shared: sql<number>`count(*) FILTER (WHERE ${templates.isShared})`.mapWith(Number),
      usage: sql<number>`coalesce(sum(${templates.usageCount}), 0)`.mapWith(Number),
    })
    .from(templates)
    .where(eq(templates.userId, userId));
  return row ?? { total: 0, active: 0, shared: 0, usage: 0 };
}

export async function mostUsedOwnTemplates(db: Queryable, userId: number, limit: number) {
  return db
    .select({ id: templates.id, name: templates.name, usageCount: templates.usageCount })
    .from(templates)
    .where(eq(templates.userId, userId))
    .orderBy(desc(templates.usageCount), desc(templates.id))
    .limit(limit);
}

/** The user's templates per category; uncategorised ones under categoryId null. */
export async function ownTemplatesByCategory(db: Queryable, userId: number) {
  return db
    .select({ categoryId: templates.categoryId, categoryName: templateCategories.name, count: count() })
    .from(templates)
    .leftJoin(templateCategories, eq(templateCategories.id, templates.categoryId))
    .where(eq(templates.userId, userId))
    .groupBy(templates.categoryId, templateCategories.name)
    .orderBy(templates.categoryId);
}
