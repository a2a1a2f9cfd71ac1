import { and, eq } from 'drizzle-orm';
import type { MessageAuthentication } from '@postline/shared/messages';
import type { Queryable } from '../../db/client.js';
import { messages } from '../../db/schema/mail.js';

export interface UnsubscribeSource {
  headers: Record<string, string> | null;
  authentication: MessageAuthentication | null;
}

/** The stored headers and sender verdict of one of the user's messages; null: not theirs or none. */
export async function unsubscribeSource(
  db: Queryable,
  userId: number,
  messageId: number,
): Promise<UnsubscribeSource | null> {
  const [row] = await db
    .select({ headers: messages.rawHeaders, authentication: messages.authentication })
    .from(messages)
    .where(and(eq(messages.id, messageId), eq(messages.userId, userId)))
    .limit(1);
  return row ?? null;
}
