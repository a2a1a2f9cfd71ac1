import { and, asc, eq } from 'drizzle-orm';
import type { Queryable } from '../../db/client.js';
import { remoteImageSenders } from '../../db/schema/remote-images.js';

/** The user's senders, oldest first. */
export async function listSenders(db: Queryable, userId: number): Promise<string[]> {
  const rows = await db
    .select({ address: remoteImageSenders.address })
    .from(remoteImageSenders)
    .where(eq(remoteImageSenders.userId, userId))
    .orderBy(asc(remoteImageSenders.createdAt), asc(remoteImageSenders.address));
  return rows.map((row) => row.address);
}

/** Adds a sender; one already there stays as it was. */
export async function addSender(db: Queryable, userId: number, address: string): Promise<void> {
  await db.insert(remoteImageSenders).values({ userId, address }).onConflictDoNothing();
}

export async function removeSender(db: Queryable, userId: number, address: string): Promise<void> {
  await db
    .delete(remoteImageSenders)
    .where(and(eq(remoteImageSenders.userId, userId), eq(remoteImageSenders.address, address)));
}
