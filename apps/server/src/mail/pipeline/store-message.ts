import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { reusableInsert } from '../../db/reusable-query.js';
import { searchableMessages } from '../../db/schema/mail.js';
import type { HeldBlobs } from '../../modules/attachments/index.js';
import { storedMessageRow } from '../format/stored-row.js';
import { storableJson, storableText } from '../format/charsets.js';
import { deriveContent } from '../format/derived-content.js';
import type { DeliveredMessage, DeliveryContext, IncomingMail } from '../format/types.js';
import type { DeliveryDeps, Placement } from './ports.js';

/** A header value kept with the row (filters, the message view) is at most this long; the source has all. */
const MAX_STORED_HEADER_CHARS = 16 * 1024;

function cleanHeaders(headers: Record<string, string> | undefined): Record<string, string> | null {
  if (!headers) return null;
  return Object.fromEntries(
    Object.entries(headers).map(([k, v]) => [
      storableText(k),
      storableText(v.slice(0, MAX_STORED_HEADER_CHARS)),
    ]),
  );
}

/** The threads of the messages stored so far in this transaction, by user and Message-ID. */
type ThreadsInBatch = Map<string, string>;
const threadKey = (userId: number, messageIdHeader: string) => `${userId} ${messageIdHeader}`;

/**
 * The thread of the message this one answers, if this user has it; else the message starts one.
 * A parent stored before this transaction has the lowest id, so it wins; else the first parent
 * earlier in this batch (its row is not written yet: the batch's rows go in one statement).
 */
async function threadIdFor(
  tx: Tx,
  userId: number,
  mail: IncomingMail,
  inBatch: ThreadsInBatch,
): Promise<string> {
  const parents = [...(mail.references ?? []), ...(mail.inReplyTo ? [mail.inReplyTo] : [])];
  if (parents.length > 0) {
    const result = await tx.execute(sql`
      SELECT thread_id FROM messages
      WHERE user_id = ${userId} AND thread_id IS NOT NULL
        AND message_id_header IN (${sql.join(
          parents.map((p) => sql`${p}`),
          sql`, `,
        )})
      ORDER BY id LIMIT 1`);
    const row = (result as unknown as { rows: { thread_id: string }[] }).rows[0];
    if (row) return row.thread_id;
    const earlier = [...inBatch.entries()].find(([key]) =>
      parents.some((parent) => key === threadKey(userId, parent)),
    );
    if (earlier) return earlier[1];
  }
  return mail.messageIdHeader;
}

/** Built once: the messages of a delivery batch, one row each, in one statement (db/reusable-query.ts). */
const insertMessages = reusableInsert('deliver_message', searchableMessages, (q, rows) =>
  q.insert(searchableMessages).values(rows).returning({ id: searchableMessages.id }),
);

export interface StoredMessage {
  message: DeliveredMessage;
  /** Blobs written for this message, held from deletion until the commit is through. */
  held: HeldBlobs;
}

/**
 * Step 5, store message and attachments: the message rows of the transaction's deliveries, their
 * files and their original sources, in their order. The rows and the sources go in one statement
 * each, whatever the number of deliveries (issue 13: each statement is a socket write each side).
 */
export async function storeMessages(
  deps: DeliveryDeps,
  tx: Tx,
  deliveries: readonly { ctx: DeliveryContext; placement: Placement }[],
): Promise<StoredMessage[]> {
  const threads: ThreadsInBatch = new Map();
  const rows = [];
  for (const { ctx, placement } of deliveries) {
    const threadId = await threadIdFor(tx, ctx.userId, ctx.mail, threads);
    if (!threads.has(threadKey(ctx.userId, ctx.mail.messageIdHeader)))
      threads.set(threadKey(ctx.userId, ctx.mail.messageIdHeader), threadId);
    rows.push(messageRow(ctx, placement, threadId));
  }
  const inserted = await insertMessages(tx, rows);
  if (inserted.length !== rows.length) throw new Error('message insert returned the wrong number of rows');
  // Ids are drawn in the order of the rows (reusableInsert): the smallest is the first delivery's.
  const ids = inserted.map((row) => row.id).sort((a, b) => a - b);
  const stored = deliveries.map(({ ctx, placement }, i): DeliveredMessage => ({
    id: ids[i]!,
    userId: ctx.userId,
    mailboxId: placement.mailboxId,
    subject: ctx.mail.subject,
    fromAddress: ctx.mail.from.address,
    fromName: ctx.mail.from.name ?? null,
    isRead: placement.isRead,
  }));
  const held = await deps.files.store(
    tx,
    stored.map((message, i) => ({
      userId: message.userId,
      messageId: message.id,
      mail: deliveries[i]!.ctx.mail,
    })),
  );
  return stored.map((message, i) => ({ message, held: held[i]! }));
}

function messageRow(ctx: DeliveryContext, placement: Placement, threadId: string) {
  const { userId } = ctx;
  // deliver() derives it once for every copy; a bounce the outbox stores has not been through it.
  const mail = deriveContent(ctx.mail);
  const { bodyHtml, invitation, bodyClipped } = mail.derived!;
  const listed = mail.attachments.filter((a) => !a.isInline);
  return storedMessageRow(
    {
      subject: mail.subject,
      from: mail.from,
      to: mail.to,
      cc: mail.cc,
      bcc: mail.bcc,
      text: mail.text,
      storedHtml: bodyHtml,
      bodyClipped,
      listedAttachments: listed.length,
      sizeBytes: mail.sizeBytes,
    },
    {
      userId,
      mailboxId: placement.mailboxId,
      messageIdHeader: mail.messageIdHeader,
      inReplyTo: mail.inReplyTo ?? null,
      references: mail.references ?? [],
      threadId,
      replyTo: mail.replyTo ?? null,
      isRead: placement.isRead,
      isStarred: placement.isStarred,
      labels: placement.labels,
      priority: Math.min(5, Math.max(1, Math.round(mail.priority ?? 3))),
      importance: mail.importance,
      isAutoGenerated: mail.isAutoGenerated,
      rawHeaders: cleanHeaders(mail.headers),
      invitation: invitation ? storableJson(invitation) : null,
      authentication: ctx.trace.authentication ? storableJson(ctx.trace.authentication) : null,
      sentAt: mail.date ?? null,
    },
  );
}
