import { and, count, desc, eq, inArray, ne, sql, type SQL } from 'drizzle-orm';
import type { SignatureType } from '@postline/shared/signatures';
import type { Queryable } from '../../db/client.js';
import { signatures } from '../../db/schema/signatures.js';

export type SignatureRow = typeof signatures.$inferSelect;
export type NewSignatureRow = typeof signatures.$inferInsert;

/** Lock class of pg_advisory_xact_lock(class, user id): one default change per user at a time. */
const DEFAULT_SIGNATURE_LOCK = 6_100;

function owned(userId: number, ids: readonly number[]): SQL {
  return and(eq(signatures.userId, userId), inArray(signatures.id, [...ids]))!;
}

export interface SignatureFilter {
  isActive?: boolean | undefined;
  isDefault?: boolean | undefined;
  signatureType?: SignatureType | undefined;
}

function filtered(userId: number, filter: SignatureFilter): SQL {
  const parts: SQL[] = [eq(signatures.userId, userId)];
  if (filter.isActive !== undefined) parts.push(eq(signatures.isActive, filter.isActive));
  if (filter.isDefault !== undefined) parts.push(eq(signatures.isDefault, filter.isDefault));
  if (filter.signatureType) parts.push(eq(signatures.signatureType, filter.signatureType));
  return and(...parts)!;
}

/** Newest first, as the screen prepends new ones (SPEC §4). */
const newestFirst = [desc(signatures.createdAt), desc(signatures.id)];

export async function listSignatures(
  db: Queryable,
  userId: number,
  filter: SignatureFilter,
  page?: { page: number; size: number },
): Promise<{ rows: SignatureRow[]; total: number }> {
  const where = filtered(userId, filter);
  const query = db
    .select()
    .from(signatures)
    .where(where)
    .orderBy(...newestFirst);
  if (!page) {
    const rows = await query;
    return { rows, total: rows.length };
  }
  const [totals] = await db.select({ total: count() }).from(signatures).where(where);
  const rows = await query.limit(page.size).offset(page.page * page.size);
  return { rows, total: totals?.total ?? 0 };
}

export async function findSignature(
  db: Queryable,
  userId: number,
  id: number,
): Promise<SignatureRow | undefined> {
  const [row] = await db
    .select()
    .from(signatures)
    .where(owned(userId, [id]));
  return row;
}

export async function findDefaultSignature(db: Queryable, userId: number): Promise<SignatureRow | undefined> {
  const [row] = await db
    .select()
    .from(signatures)
    .where(and(eq(signatures.userId, userId), eq(signatures.isDefault, true)));
  return row;
}

/**
 * Serialises default changes of one user, so two concurrent set-default calls cannot both clear
 * before either sets (the partial unique index would then refuse one of them).
 */
export async function lockDefaultSignature(db: Queryable, userId: number): Promise<void> {
  await db.execute(sql`SELECT pg_advisory_xact_lock(${DEFAULT_SIGNATURE_LOCK}::int, ${userId}::int)`);
}

/** Takes the default flag off every signature of the user but `keepId`. */
export async function clearDefault(db: Queryable, userId: number, keepId?: number): Promise<void> {
  const parts: SQL[] = [eq(signatures.userId, userId), eq(signatures.isDefault, true)];
  if (keepId !== undefined) parts.push(ne(signatures.id, keepId));
  await db
    .update(signatures)
    .set({ isDefault: false, updatedAt: new Date() })
    .where(and(...parts));
}

export async function insertSignature(db: Queryable, values: NewSignatureRow): Promise<SignatureRow> {
  const [row] = await db.insert(signatures).values(values).returning();
  if (!row) throw new Error('insert returned no row');
  return row;
}

export async function updateSignatures(
  db: Queryable,
  userId: number,
  ids: readonly number[],
  patch: Partial<NewSignatureRow>,
): Promise<SignatureRow[]> {
  return db
    .update(signatures)
    .set({ ...patch, updatedAt: new Date() })
    .where(owned(userId, ids))
    .returning();
}

export async function deleteSignatures(
  db: Queryable,
  userId: number,
  ids: readonly number[],
): Promise<number> {
  const rows = await db.delete(signatures).where(owned(userId, ids)).returning({ id: signatures.id });
  return rows.length;
}

export async function signatureTotals(db: Queryable, userId: number) {
  const [row] = await db
    .select({
      total: count(),
      active: sql<number>`count(*) FILTER (WHERE ${signatures.isActive})`.mapWith(Number),
      personal: sql<number>`count(*) FILTER (WHERE ${signatures.signatureType} = 'PERSONAL')`.mapWith(Number),
      business: sql<number>`count(*) FILTER (WHERE ${signatures.signatureType} = 'BUSINESS')`.mapWith(Number),
      defaults: sql<number>`count(*) FILTER (WHERE ${signatures.isDefault})`.mapWith(Number),
    })
    .from(signatures)
    .where(eq(signatures.userId, userId));
  return row ?? { total: 0, active: 0, personal: 0, business: 0, defaults: 0 };
}
