import { sql } from 'drizzle-orm';
import type { Database, Tx } from '../db/client.js';
import { messages } from '../db/schema/mail.js';
import { adjustCounts, getSystemMailbox } from '../modules/mailboxes/service.js';
import { storedContent } from '../modules/messages/stored-row.js';
import { publishMailArrived } from '../realtime/fan-out.js';
import { storableText } from './charsets.js';
import { readInvitation } from './invitation.js';
import { stderrLogger, type MailLogger } from './logger.js';
import type {
  DeliveredMessage,
  DeliveryContext,
  DeliveryDecision,
  DeliveryHooks,
  IncomingMail,
} from './types.js';

export interface DeliveryOptions {
  logger?: MailLogger;
}

/** No user with that id or address: a permanent refusal (SMTP 550), not a temporary one. */
export class UnknownRecipientError extends Error {
  constructor(recipient: number | string) {
    super(`No such user: ${recipient}`);
    this.name = 'UnknownRecipientError';
  }
}

/** What a committed delivery still has to run. */
export interface StoredDelivery {
  ctx: DeliveryContext;
  decision: DeliveryDecision;
  message: DeliveredMessage;
}

function cleanHeaders(headers: Record<string, string> | undefined): Record<string, string> | null {
  if (!headers) return null;
  return Object.fromEntries(Object.entries(headers).map(([k, v]) => [storableText(k), storableText(v)]));
}

async function loadUser(tx: Tx, userId: number): Promise<DeliveryContext['user']> {
  const result = await tx.execute(sql`SELECT id, email, name, language FROM users WHERE id = ${userId}`);
  const row = (result as unknown as { rows: DeliveryContext['user'][] }).rows[0];
  if (!row) throw new UnknownRecipientError(userId);
  return {
    id: Number(row.id),
    email: row.email,
    name: row.name,
    language: row.language === 'en' ? 'en' : 'ko',
  };
}

/** The thread of the message this one answers, if this user has it; else the message starts one. */
async function threadIdFor(tx: Tx, userId: number, mail: IncomingMail): Promise<string> {
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
  }
  return mail.messageIdHeader;
}

async function mailboxBelongsTo(tx: Tx, userId: number, mailboxId: number): Promise<boolean> {
  const result = await tx.execute(
    sql`SELECT 1 FROM mailboxes WHERE id = ${mailboxId} AND user_id = ${userId}`,
  );
  return (result as unknown as { rows: unknown[] }).rows.length > 0;
}

/**
 * Filters decide inside a savepoint: a broken filter is logged and undone, and the mail still arrives
 * in the inbox rather than being refused.
 */
async function runDecideHooks(
  tx: Tx,
  hooks: DeliveryHooks,
  ctx: DeliveryContext,
  decision: DeliveryDecision,
  logger: MailLogger,
) {
  for (const hook of hooks.decide) {
    const before = { ...decision, labels: [...decision.labels], afterCommit: [...decision.afterCommit] };
    try {
      await tx.transaction((savepoint) => hook(savepoint, ctx, decision));
    } catch (error) {
      logger.error(
        { err: error, userId: ctx.userId },
        'delivery decide hook failed; its decision is ignored',
      );
      Object.assign(decision, before);
    }
  }
}

/** Everything of one delivery that belongs in its transaction (DESIGN.md "Data and mail flow"). */
export async function storeDelivery(
  tx: Tx,
  hooks: DeliveryHooks,
  userId: number,
  mail: IncomingMail,
  logger: MailLogger = stderrLogger,
): Promise<StoredDelivery> {
  const user = await loadUser(tx, userId);
  const inboxId = (await getSystemMailbox(tx, userId, 'INBOX')).id;
  const ctx: DeliveryContext = { userId, user, mail };
  const decision: DeliveryDecision = {
    mailboxId: inboxId,
    isRead: false,
    isStarred: false,
    labels: [],
    afterCommit: [],
  };
  await runDecideHooks(tx, hooks, ctx, decision, logger);
  if (decision.mailboxId !== inboxId && !(await mailboxBelongsTo(tx, userId, decision.mailboxId))) {
    logger.error(
      { userId, mailboxId: decision.mailboxId },
      "a filter chose a folder that is not the user's; using INBOX",
    );
    decision.mailboxId = inboxId;
  }

  const listed = mail.attachments.filter((a) => !a.isInline);
  const [row] = await tx
    .insert(messages)
    .values({
      ...storedContent({
        subject: mail.subject,
        from: mail.from,
        to: mail.to,
        cc: mail.cc,
        bcc: mail.bcc,
        text: mail.text,
        html: mail.html,
        listedAttachments: listed.length,
        sizeBytes: mail.sizeBytes,
      }),
      userId,
      mailboxId: decision.mailboxId,
      messageIdHeader: storableText(mail.messageIdHeader),
      inReplyTo: mail.inReplyTo ? storableText(mail.inReplyTo) : null,
      referencesHeader: mail.references?.length ? storableText(mail.references.join(' ')) : null,
      threadId: storableText(await threadIdFor(tx, userId, mail)),
      replyTo: mail.replyTo ? storableText(mail.replyTo) : null,
      isRead: decision.isRead,
      isStarred: decision.isStarred,
      labels: decision.labels,
      priority: Math.min(5, Math.max(1, Math.round(mail.priority ?? 3))),
      importance: mail.importance,
      isAutoGenerated: mail.isAutoGenerated,
      rawHeaders: cleanHeaders(mail.headers),
      invitation: readInvitation(mail.attachments),
      sentAt: mail.date ?? null,
    })
    .returning({ id: messages.id });
  if (!row) throw new Error('message insert returned nothing');
  await adjustCounts(tx, decision.mailboxId, { total: 1, unread: decision.isRead ? 0 : 1 });
  // Open tabs reload their lists on commit, whatever the user's notification settings.
  await publishMailArrived(tx, userId, { messageId: row.id, mailboxId: decision.mailboxId });
  const message: DeliveredMessage = {
    id: row.id,
    userId,
    mailboxId: decision.mailboxId,
    subject: mail.subject,
    fromAddress: mail.from.address,
    fromName: mail.from.name ?? null,
    isRead: decision.isRead,
  };
  for (const hook of hooks.stored) await hook(tx, ctx, message);
  return { ctx, decision, message };
}

/** Work after the commit (real-time push, forwards, auto replies): the mail is safe, errors are logged. */
export async function runAfterCommit(
  stored: StoredDelivery,
  hooks: DeliveryHooks,
  logger: MailLogger = stderrLogger,
) {
  const work: Array<() => Promise<void>> = [
    ...hooks.committed.map((hook) => () => hook(stored.ctx, stored.message)),
    ...stored.decision.afterCommit,
  ];
  for (const step of work) {
    try {
      await step();
    } catch (error) {
      logger.error(
        { err: error, messageId: stored.message.id },
        'work after delivery failed; the message is stored',
      );
    }
  }
}

/** Stores one message for one user in one transaction; resolves once it is durable. */
export async function deliverToUser(
  database: Database,
  hooks: DeliveryHooks,
  userId: number,
  mail: IncomingMail,
  options: DeliveryOptions = {},
): Promise<DeliveredMessage> {
  const logger = options.logger ?? stderrLogger;
  const stored = await database.transaction((tx) => storeDelivery(tx, hooks, userId, mail, logger));
  await runAfterCommit(stored, hooks, logger);
  return stored.message;
}

/** Users of this server by address, case-insensitively; duplicates collapse. */
export async function findLocalUsers(database: Database, addresses: string[]): Promise<Map<string, number>> {
  const wanted = [...new Set(addresses.map((a) => a.trim().toLowerCase()).filter(Boolean))];
  const found = new Map<string, number>();
  if (wanted.length === 0) return found;
  const result = await database.db.execute(sql`
    SELECT id, lower(email) AS email FROM users
    WHERE lower(email) IN (${sql.join(
      wanted.map((a) => sql`${a}`),
      sql`, `,
    )})`);
  for (const row of (result as unknown as { rows: { id: number; email: string }[] }).rows)
    found.set(row.email, Number(row.id));
  return found;
}

/**
 * A recipient's copy names Bcc only when that recipient was one, and then only them: a Bcc list
 * must never reach the people on it or anyone else.
 */
export function copyForRecipient(mail: IncomingMail, address: string): IncomingMail {
  const lower = address.toLowerCase();
  const visible = [...mail.to, ...mail.cc].some((e) => e.address.toLowerCase() === lower);
  const listed = mail.bcc?.find((e) => e.address.toLowerCase() === lower);
  const bcc = listed ? [listed] : visible ? [] : [{ address, name: null }];
  return { ...mail, bcc };
}

/** Delivers to every address that belongs to a user here, each in its own transaction. */
export async function deliverToAddresses(
  database: Database,
  hooks: DeliveryHooks,
  mail: IncomingMail,
  rcptAddresses: string[],
  options: DeliveryOptions = {},
): Promise<{ delivered: DeliveredMessage[]; unknown: string[] }> {
  const users = await findLocalUsers(database, rcptAddresses);
  const delivered: DeliveredMessage[] = [];
  const unknown: string[] = [];
  const seen = new Set<string>();
  for (const address of rcptAddresses) {
    const key = address.trim().toLowerCase();
    if (!key || seen.has(key)) continue;
    seen.add(key);
    const userId = users.get(key);
    if (userId === undefined) unknown.push(address.trim());
    else
      delivered.push(
        await deliverToUser(database, hooks, userId, copyForRecipient(mail, address.trim()), options),
      );
  }
  return { delivered, unknown };
}
