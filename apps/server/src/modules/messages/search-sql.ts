import { and, not, or, sql, type SQL } from 'drizzle-orm';
import type { SearchField, SearchNode } from '@postline/shared/search-syntax';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { mailboxes, users } from '../../db/schema/core.js';
import { attachments } from '../../db/schema/attachments.js';
import { messages, searchableMessages } from '../../db/schema/mail.js';
import { indexAnswersExactly, meansOwnAddress } from './search-index.js';

/**
 * The search box's query tree (packages/shared search-syntax.ts) as SQL over `messages`. Every text
 * is a case-insensitive substring (ILIKE), which is the exact answer; search-index.ts adds the
 * index condition that finds the candidates fast. The caller puts the user's own condition on top.
 */

/** LIKE pattern for "contains": the user's % and _ are literal. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** Sender as searched: address and display name (the expression of messages_from_trgm_idx). */
export const fromText = sql`(${messages.fromAddress} || ' ' || coalesce(${messages.fromName}, ''))`;

/** A date of the query means that day's start in the server's time zone, as startDate does. */
export function dayStart(value: string): Date {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  return match ? new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3])) : new Date(value);
}

const FIRST_INSTANT = Date.parse('0001-01-01T00:00:00.000Z');
const LAST_INSTANT = Date.parse('9999-12-31T23:59:59.999Z');

/**
 * An instant of the query as the database reads it. toISOString writes a year past 9999 as
 * +010000, which PostgreSQL refuses (endDate=9999-12-31 asks for the next day's start): such an
 * instant is clamped to the last of year 9999, which no mail is dated after, so the answer is the
 * one the user meant (issue 32).
 */
export function searchInstant(date: Date): string {
  return new Date(Math.min(Math.max(date.getTime(), FIRST_INSTANT), LAST_INSTANT)).toISOString();
}

/** size_bytes is an int4: a larger size compares as its largest value, which no message exceeds. */
const SIZE_BYTES_MAX = 2_147_483_647;

/** in:{name} of Gmail's system labels, as Postline's folder types. */
const FOLDER_TYPES: Record<string, string> = {
  inbox: 'INBOX',
  sent: 'SENT',
  drafts: 'DRAFTS',
  draft: 'DRAFTS',
  trash: 'TRASH',
  bin: 'TRASH',
  spam: 'SPAM',
  archive: 'ARCHIVE',
};

/** Whether the query asks for mail that the default scope (outside TRASH and SPAM) leaves out. */
export function looksInTrashOrSpam(node: SearchNode | null, negated = false): boolean {
  if (!node) return false;
  switch (node.kind) {
    case 'and':
    case 'or':
      return node.items.some((item) => looksInTrashOrSpam(item, negated));
    case 'not':
      return looksInTrashOrSpam(node.item, !negated);
    case 'in': {
      const folder = node.folder.toLowerCase();
      return !negated && (folder === 'anywhere' || ['TRASH', 'SPAM'].includes(FOLDER_TYPES[folder] ?? ''));
    }
    default:
      return false;
  }
}

function addressListMatches(column: AnyPgColumn, pattern: string): SQL {
  return sql`EXISTS (SELECT 1 FROM jsonb_array_elements(${column}) AS e
    WHERE coalesce(e->>'name', '') || ' ' || coalesce(e->>'address', '') ILIKE ${pattern})`;
}

/**
 * A word's condition. Where the index condition already holds it (`indexed`: a word ANDed at the top
 * of the query, and the index condition applied) and the grams answer it exactly, only mail marked
 * search_inexact (its body past the indexed part, or text folded coarser than lowercasing) needs the
 * substring test: that spares reading every candidate's body, and the planner no longer takes such
 * a word for a rare one (docs/BENCHMARKS.md, issue 14).
 */
function textCondition(userId: number, field: SearchField, value: string, indexed: boolean): SQL {
  const substring = substringCondition(userId, field, value);
  if (!indexed || !indexAnswersExactly(field, value)) return substring;
  return sql`(${searchableMessages.searchInexact} = false OR ${substring})`;
}

/** An address list holding the user's own address (compared without case). */
function listHoldsOwnAddress(column: AnyPgColumn, own: SQL): SQL {
  return sql`EXISTS (SELECT 1 FROM jsonb_array_elements(${column}) AS e WHERE lower(e->>'address') = lower(${own}))`;
}

function ownAddressCondition(userId: number, field: SearchField): SQL {
  const own = sql`(SELECT ${users.email} FROM ${users} WHERE ${users.id} = ${userId})`;
  switch (field) {
    case 'from':
      return sql`lower(${messages.fromAddress}) = lower(${own})`;
    case 'cc':
      return listHoldsOwnAddress(messages.ccAddresses, own);
    case 'bcc':
      return listHoldsOwnAddress(messages.bccAddresses, own);
    default:
      // to: is every recipient, as for a word (to_text holds To, Cc and Bcc).
      return or(
        listHoldsOwnAddress(messages.toAddresses, own),
        listHoldsOwnAddress(messages.ccAddresses, own),
        listHoldsOwnAddress(messages.bccAddresses, own),
      )!;
  }
}

/** Whether the field holds the text as a case-insensitive substring: the definition of a match. */
function substringCondition(userId: number, field: SearchField, value: string): SQL {
  if (meansOwnAddress(field, value)) return ownAddressCondition(userId, field);
  const pattern = containsPattern(value);
  switch (field) {
    case 'any':
      return or(
        sql`${messages.subject} ILIKE ${pattern}`,
        sql`${fromText} ILIKE ${pattern}`,
        sql`${messages.toText} ILIKE ${pattern}`,
        sql`${messages.bodyText} ILIKE ${pattern}`,
      )!;
    case 'from':
      return sql`${fromText} ILIKE ${pattern}`;
    // Gmail's to: finds every recipient, Cc and Bcc included; to_text holds all three.
    case 'to':
      return sql`${messages.toText} ILIKE ${pattern}`;
    case 'cc':
      return addressListMatches(messages.ccAddresses, pattern);
    case 'bcc':
      return addressListMatches(messages.bccAddresses, pattern);
    case 'subject':
      return sql`${messages.subject} ILIKE ${pattern}`;
    case 'filename':
      // message_id IS NOT NULL: an upload not yet sent has none, and NOT IN over a null is never true.
      return sql`${messages.id} IN (SELECT ${attachments.messageId} FROM ${attachments}
        WHERE ${attachments.userId} = ${userId} AND ${attachments.messageId} IS NOT NULL
          AND ${attachments.originalFilename} ILIKE ${pattern})`;
  }
}

function folderCondition(userId: number, folder: string): SQL {
  const name = folder.toLowerCase();
  if (name === 'anywhere') return sql`true`;
  if (name === 'starred') return sql`${messages.isStarred}`;
  const type = FOLDER_TYPES[name];
  // A folder name nobody has finds nothing, as in Gmail: not an error.
  const which = type
    ? sql`${mailboxes.type} = ${type}`
    : sql`${mailboxes.type} = 'CUSTOM' AND lower(${mailboxes.name}) = lower(${folder})`;
  return sql`${messages.mailboxId} IN (SELECT ${mailboxes.id} FROM ${mailboxes}
    WHERE ${mailboxes.userId} = ${userId} AND ${which})`;
}

/**
 * The exact condition of a query tree: what a message must satisfy to be an answer. `indexed`: the
 * tree is ANDed with the index condition of search-index.ts (so are the words ANDed at its top).
 */
export function searchNodeCondition(userId: number, node: SearchNode, indexed = false): SQL {
  switch (node.kind) {
    case 'and':
      return and(...node.items.map((item) => searchNodeCondition(userId, item, indexed)))!;
    case 'or':
      return or(...node.items.map((item) => searchNodeCondition(userId, item)))!;
    case 'not':
      return not(searchNodeCondition(userId, node.item));
    case 'text':
      return textCondition(userId, node.field, node.value, indexed);
    case 'has':
      return sql`${messages.hasAttachments}`;
    case 'is':
      return node.what === 'starred'
        ? sql`${messages.isStarred}`
        : node.what === 'read'
          ? sql`${messages.isRead}`
          : sql`NOT ${messages.isRead}`;
    case 'in':
      return folderCondition(userId, node.folder);
    case 'date': {
      const instant = searchInstant(dayStart(node.date));
      return node.op === 'after'
        ? sql`${messages.receivedAt} >= ${instant}`
        : sql`${messages.receivedAt} < ${instant}`;
    }
    case 'size': {
      const bytes = Math.min(node.bytes, SIZE_BYTES_MAX);
      return node.op === 'larger'
        ? sql`${messages.sizeBytes} > ${bytes}`
        : sql`${messages.sizeBytes} < ${bytes}`;
    }
  }
}
