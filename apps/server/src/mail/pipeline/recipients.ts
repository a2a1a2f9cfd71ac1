import { eq, sql } from 'drizzle-orm';
import { LRUCache } from 'lru-cache';
import type { NotificationSettings } from '@postline/shared/notifications';
import type { Database, Tx } from '../../db/client.js';
import { reusableQuery } from '../../db/reusable-query.js';
import { users } from '../../db/schema/core.js';
import { notificationSettings } from '../../db/schema/notifications.js';
import type { DeliveryContext, IncomingMail } from '../format/types.js';
import type { DeliveryDeps } from './ports.js';
import { queryRows } from '../../db/rows.js';

/** No user with that id or address: a permanent refusal (SMTP 550), not a temporary one. */
export class UnknownRecipientError extends Error {
  constructor(recipient: number | string) {
    super(`No such user: ${recipient}`);
    this.name = 'UnknownRecipientError';
  }
}

/** A user of this server who gets a copy, and the address the copy was sent to. */
export interface LocalRecipient {
  userId: number;
  address: string;
}

export interface ResolvedRecipients {
  local: LocalRecipient[];
  /** Addresses no user here has (for SMTP: removed between RCPT and DATA). */
  unknown: string[];
}

/**
 * Addresses lately found to be users here, per database (issue 13). SMTP looks up every RCPT, and
 * on a busy server that lookup was a third of all statements. Only addresses found are kept, and
 * for a minute: an address no one has yet is read again each time, so a new user gets mail at once.
 * Delivery reads each recipient again by id inside its transaction (loadRecipient), so a user
 * removed meanwhile is still refused there.
 */
const foundUsers = new WeakMap<Database, LRUCache<string, number>>();

function foundUsersOf(database: Database): LRUCache<string, number> {
  let cache = foundUsers.get(database);
  if (!cache) {
    cache = new LRUCache<string, number>({ max: 10_000, ttl: 60_000 });
    foundUsers.set(database, cache);
  }
  return cache;
}

/** Built once: SMTP looks up every RCPT address alone (db/reusable-query.ts). */
const userByAddress = reusableQuery('rcpt_user', (q) =>
  q
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.email}) = ${sql.placeholder('address')}`),
);

/** Users of this server by address, case-insensitively; duplicates collapse. */
export async function findLocalUsers(database: Database, addresses: string[]): Promise<Map<string, number>> {
  const cache = foundUsersOf(database);
  const found = new Map<string, number>();
  const unread: string[] = [];
  for (const address of new Set(addresses.map((a) => a.trim().toLowerCase()).filter(Boolean))) {
    const id = cache.get(address);
    if (id === undefined) unread.push(address);
    else found.set(address, id);
  }
  for (const [address, id] of await readLocalUsers(database, unread)) {
    cache.set(address, id);
    found.set(address, id);
  }
  return found;
}

/** findLocalUsers from the database: one statement, prepared for the single address of a RCPT. */
async function readLocalUsers(database: Database, wanted: string[]): Promise<Map<string, number>> {
  const found = new Map<string, number>();
  const [only] = wanted;
  if (only === undefined) return found;
  if (wanted.length === 1) {
    for (const row of await userByAddress(database.db, { address: only })) found.set(only, Number(row.id));
    return found;
  }
  const rows = await queryRows<{ id: number; email: string }>(
    database.db,
    sql`
    SELECT id, lower(email) AS email FROM users
    WHERE lower(email) IN (${sql.join(
      wanted.map((a) => sql`${a}`),
      sql`, `,
    )})`,
  );
  for (const row of rows) found.set(row.email, Number(row.id));
  return found;
}

/**
 * Step 3, resolve recipients: each address once, in the order given, split into users here and the
 * rest. `known` holds addresses (lower case) already looked up, e.g. by SMTP at RCPT; only the
 * others are read. A user deleted since is refused by their transaction (loadRecipient).
 */
export async function resolveRecipients(
  database: Database,
  addresses: string[],
  known: ReadonlyMap<string, number> = new Map(),
): Promise<ResolvedRecipients> {
  const users = new Map(known);
  const unread = addresses.filter((a) => !known.has(a.trim().toLowerCase()));
  for (const [address, id] of await findLocalUsers(database, unread)) users.set(address, id);
  const local: LocalRecipient[] = [];
  const unknown: string[] = [];
  const seen = new Set<string>();
  for (const raw of addresses) {
    const address = raw.trim();
    const key = address.toLowerCase();
    if (!key || seen.has(key)) continue;
    seen.add(key);
    const userId = users.get(key);
    if (userId === undefined) unknown.push(address);
    else local.push({ userId, address });
  }
  return { local, unknown };
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

/** What one recipient's delivery needs to know about them, read in one statement. */
export interface Recipient {
  user: DeliveryContext['user'];
  /** Null only if the user lost their inbox; the store step then refuses as getSystemFolder does. */
  inboxId: number | null;
  filterRevision: string | null;
  notificationSettings: NotificationSettings;
  awayReply: boolean;
}

/**
 * Built once per pipeline, in practice once per process: loadRecipient runs for every delivery
 * (db/reusable-query.ts). The inbox and the filter revision are columns the folders and the
 * filters give through DeliveryDeps, since delivery imports neither, so the statement waits for the
 * first call to be built.
 */
const recipientQueries = new WeakMap<DeliveryDeps, ReturnType<typeof recipientQuery>>();
let recipientQueriesBuilt = 0; // statement names are unique in the process

function recipientQuery(deps: Pick<DeliveryDeps, 'folders' | 'filters' | 'away'>, name: string) {
  return reusableQuery(name, (q) =>
    q
      .select({
        id: users.id,
        email: users.email,
        name: users.name,
        language: users.language,
        inboxId: deps.folders.inboxIdOf(users.id).mapWith((v) => (v === null ? null : Number(v))),
        filterRevision: deps.filters.revisionOf(users.id),
        awayReply: deps.away.activeOf(users.id),
        settings: notificationSettings,
      })
      .from(users)
      .leftJoin(notificationSettings, eq(notificationSettings.userId, users.id))
      .where(eq(users.id, sql.placeholder('userId'))),
  );
}

/**
 * The recipient, read inside their delivery transaction with their inbox, filter revision and
 * notification settings (one round trip instead of four); a user deleted meanwhile is refused.
 */
export async function loadRecipient(deps: DeliveryDeps, tx: Tx, userId: number): Promise<Recipient> {
  let select = recipientQueries.get(deps);
  if (!select) {
    recipientQueriesBuilt += 1;
    select = recipientQuery(deps, `deliver_recipient_${recipientQueriesBuilt}`);
    recipientQueries.set(deps, select);
  }
  const [row] = await select(tx, { userId });
  if (!row) throw new UnknownRecipientError(userId);
  return {
    user: {
      id: row.id,
      email: row.email,
      name: row.name,
      language: row.language === 'en' ? 'en' : 'ko',
    },
    inboxId: row.inboxId,
    filterRevision: row.filterRevision === null ? null : String(row.filterRevision),
    notificationSettings: deps.notifications.settingsOf(row.settings),
    awayReply: row.awayReply === true,
  };
}
