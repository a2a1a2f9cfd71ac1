import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { serverSecrets } from '../../db/schema/core.js';

/**
 * The HS256 key: JWT_SECRET when given, otherwise one generated on first start and kept in the
 * database, so every node on one PostgreSQL (and every restart) signs and verifies alike.
 */
export async function loadSigningKey(db: Db, configured: string | undefined): Promise<Uint8Array> {
  if (configured) return new TextEncoder().encode(configured);
  const name = 'jwt-signing-key';
  await db
    .insert(serverSecrets)
    .values({ name, value: crypto.randomBytes(48).toString('base64url') })
    .onConflictDoNothing();
  const [row] = await db.select().from(serverSecrets).where(eq(serverSecrets.name, name));
  if (!row) throw new Error('The signing key could not be created.');
  return new TextEncoder().encode(row.value);
}
