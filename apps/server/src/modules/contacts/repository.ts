import { and, asc, count, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Queryable } from '../../db/client.js';
import { contactAddresses, contactGroupMembers, contacts } from '../../db/schema/contacts.js';
import { contactRank } from './rank.js';
import { nameKeysOf, prefixPattern } from './search-keys.js';

/** The contacts' SQL; every statement is scoped to one user. */

export type ContactRow = typeof contacts.$inferSelect;

/** A contact as stored: the row, its addresses in order and the groups it is in. */
export interface StoredContact {
  row: ContactRow;
  addresses: string[];
  groupIds: number[];
}

/** What a contact is made of, as the service checked it. */
export interface ContactFields {
  name: string;
  addresses: string[];
  phone: string | null;
  company: string | null;
  note: string | null;
}

const escapeLike = (q: string) => q.replace(/[\\%_]/gu, (ch) => `\\${ch}`);

/** The list's search: the name, an address or the company containing q, or the initials starting with it. */
function matching(q: string): SQL {
  const contains = `%${escapeLike(q.toLowerCase())}%`;
  return sql`(${contacts.nameKey} LIKE ${contains} OR ${contacts.initials} LIKE ${prefixPattern(q)}
    OR lower(coalesce(${contacts.company}, '')) LIKE ${contains}
    OR EXISTS (SELECT 1 FROM ${contactAddresses} a WHERE a.contact_id = ${contacts.id} AND a.address LIKE ${contains}))`;
}

function listCondition(userId: number, q: string | undefined, groupId: number | undefined): SQL {
  return and(
    eq(contacts.userId, userId),
    q ? matching(q) : undefined,
    groupId === undefined
      ? undefined
      : sql`EXISTS (SELECT 1 FROM ${contactGroupMembers} m WHERE m.contact_id = ${contacts.id} AND m.group_id = ${groupId})`,
  )!;
}

export async function countContacts(
  db: Queryable,
  userId: number,
  q?: string,
  groupId?: number,
): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(contacts)
    .where(listCondition(userId, q, groupId));
  return row?.n ?? 0;
}

export async function listContactRows(
  db: Queryable,
  userId: number,
  options: { q?: string | undefined; groupId?: number | undefined; limit: number; offset: number },
): Promise<ContactRow[]> {
  return db
    .select()
    .from(contacts)
    .where(listCondition(userId, options.q, options.groupId))
    .orderBy(asc(contacts.nameKey), asc(contacts.id))
    .limit(options.limit)
    .offset(options.offset);
}

export async function findContactRow(db: Queryable, userId: number, id: number): Promise<ContactRow | null> {
  const [row] = await db
    .select()
    .from(contacts)
    .where(and(eq(contacts.userId, userId), eq(contacts.id, id)));
  return row ?? null;
}

/** The rows with their addresses and groups, in the rows' order. */
export async function withDetails(db: Queryable, rows: ContactRow[]): Promise<StoredContact[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  const [addresses, members] = [
    await db
      .select({ contactId: contactAddresses.contactId, address: contactAddresses.address })
      .from(contactAddresses)
      .where(inArray(contactAddresses.contactId, ids))
      .orderBy(asc(contactAddresses.contactId), asc(contactAddresses.position)),
    await db
      .select({ contactId: contactGroupMembers.contactId, groupId: contactGroupMembers.groupId })
      .from(contactGroupMembers)
      .where(inArray(contactGroupMembers.contactId, ids))
      .orderBy(asc(contactGroupMembers.groupId)),
  ];
  return rows.map((row) => ({
    row,
    addresses: addresses.filter((a) => a.contactId === row.id).map((a) => a.address),
    groupIds: members.filter((m) => m.contactId === row.id).map((m) => m.groupId),
  }));
}

function columnsOf(fields: ContactFields) {
  return {
    name: fields.name,
    phone: fields.phone,
    company: fields.company,
    note: fields.note,
    ...nameKeysOf(fields.name),
  };
}

/** A contact's address rows: with the name's keys and the address's rank (rank.ts). */
function addressRows(userId: number, contactId: number, fields: ContactFields) {
  const keys = nameKeysOf(fields.name);
  return fields.addresses.map((address, position) => ({
    contactId,
    position,
    userId,
    address,
    name: fields.name,
    ...keys,
    rank: contactRank(userId, address),
  }));
}

async function writeAddresses(db: Queryable, userId: number, contactId: number, fields: ContactFields) {
  await db.delete(contactAddresses).where(eq(contactAddresses.contactId, contactId));
  const rows = addressRows(userId, contactId, fields);
  if (rows.length > 0) await db.insert(contactAddresses).values(rows);
}

/** Inserts contacts (one statement for the rows, one for their addresses); answers their ids in order. */
export async function insertContacts(
  db: Queryable,
  userId: number,
  list: ContactFields[],
): Promise<number[]> {
  if (list.length === 0) return [];
  const ids = (
    await db
      .insert(contacts)
      .values(list.map((fields) => ({ userId, ...columnsOf(fields) })))
      .returning({ id: contacts.id })
  ).map((row) => row.id);
  const rows = list.flatMap((fields, i) => addressRows(userId, ids[i]!, fields));
  for (let start = 0; start < rows.length; start += 500)
    await db.insert(contactAddresses).values(rows.slice(start, start + 500));
  return ids;
}

export async function updateContact(
  db: Queryable,
  userId: number,
  id: number,
  fields: ContactFields,
): Promise<boolean> {
  const updated = await db
    .update(contacts)
    .set({ ...columnsOf(fields), updatedAt: sql`now()` })
    .where(and(eq(contacts.userId, userId), eq(contacts.id, id)))
    .returning({ id: contacts.id });
  if (updated.length === 0) return false;
  await writeAddresses(db, userId, id, fields);
  return true;
}

export async function deleteContact(db: Queryable, userId: number, id: number): Promise<boolean> {
  const deleted = await db
    .delete(contacts)
    .where(and(eq(contacts.userId, userId), eq(contacts.id, id)))
    .returning({ id: contacts.id });
  return deleted.length > 0;
}

/** Which of these addresses (lower case) the user already keeps in a contact. */
export async function keptAddresses(
  db: Queryable,
  userId: number,
  addresses: string[],
): Promise<Set<string>> {
  if (addresses.length === 0) return new Set();
  const rows = await db
    .select({ address: contactAddresses.address })
    .from(contactAddresses)
    .where(and(eq(contactAddresses.userId, userId), inArray(contactAddresses.address, addresses)));
  return new Set(rows.map((row) => row.address));
}

/** Every contact of the user with details, by name: the export. */
export async function allContacts(db: Queryable, userId: number): Promise<StoredContact[]> {
  const rows = await db
    .select()
    .from(contacts)
    .where(eq(contacts.userId, userId))
    .orderBy(asc(contacts.nameKey), asc(contacts.id));
  return withDetails(db, rows);
}
