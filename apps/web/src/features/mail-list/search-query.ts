import {
  formatSearchNode,
  parseSearchQuery,
  quoteSearchValue,
  type SearchNode,
} from '@postline/shared/search-syntax';

/*
 * The search box and the advanced search write one query in Gmail's syntax (issue 14): the modal's
 * fields become operators, and a query opens in the modal as fields where it can.
 */

/** Folders the advanced search can be limited to (SPEC §2); '' is all. */
export const SEARCH_MAILBOX_TYPES = ['INBOX', 'SENT', 'DRAFTS', 'TRASH'] as const;
export type SearchMailboxType = (typeof SEARCH_MAILBOX_TYPES)[number];

/** The advanced search's fields (SPEC §3); fieldsToQuery and queryToFields turn them into a query and back. */
export interface SearchFields {
  keyword: string;
  startDate: string;
  endDate: string;
  from: string;
  to: string;
  hasAttachment: boolean;
  isUnread: boolean;
  isStarred: boolean;
  mailboxType: SearchMailboxType | '';
}

export const EMPTY_SEARCH: SearchFields = {
  keyword: '',
  startDate: '',
  endDate: '',
  from: '',
  to: '',
  hasAttachment: false,
  isUnread: false,
  isStarred: false,
  mailboxType: '',
};

const DAY_MS = 24 * 60 * 60 * 1000;

function shiftDay(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** The modal's fields as a query. The end date is inclusive, so it is `before:` the next day. */
export function fieldsToQuery(fields: SearchFields): string {
  const parts: string[] = [];
  if (fields.keyword.trim()) parts.push(fields.keyword.trim());
  if (fields.from.trim()) parts.push(`from:${quoteSearchValue(fields.from)}`);
  if (fields.to.trim()) parts.push(`to:${quoteSearchValue(fields.to)}`);
  if (fields.startDate) parts.push(`after:${fields.startDate}`);
  if (fields.endDate) parts.push(`before:${shiftDay(fields.endDate, 1)}`);
  if (fields.hasAttachment) parts.push('has:attachment');
  if (fields.isUnread) parts.push('is:unread');
  if (fields.isStarred) parts.push('is:starred');
  if (fields.mailboxType) parts.push(`in:${fields.mailboxType.toLowerCase()}`);
  return parts.join(' ');
}

function systemFolder(folder: string): SearchMailboxType | null {
  const upper = folder.toUpperCase();
  return (SEARCH_MAILBOX_TYPES as readonly string[]).includes(upper) ? (upper as SearchMailboxType) : null;
}

/**
 * A query as the modal's fields: each top-level term a field can hold goes there (the first of its
 * kind), everything else stays in the keyword box as query text. A query that cannot be read
 * opens as it is, in the keyword box.
 */
export function queryToFields(query: string): SearchFields {
  const parsed = parseSearchQuery(query);
  if (!parsed.ok) return { ...EMPTY_SEARCH, keyword: query };
  if (!parsed.node) return EMPTY_SEARCH;
  const fields: SearchFields = { ...EMPTY_SEARCH };
  const rest: SearchNode[] = [];
  const terms = parsed.node.kind === 'and' ? parsed.node.items : [parsed.node];
  for (const term of terms) {
    if (term.kind === 'text' && (term.field === 'from' || term.field === 'to') && !fields[term.field]) {
      fields[term.field] = term.value;
    } else if (term.kind === 'date' && term.op === 'after' && !fields.startDate) {
      fields.startDate = term.date;
    } else if (term.kind === 'date' && term.op === 'before' && !fields.endDate) {
      fields.endDate = shiftDay(term.date, -1);
    } else if (term.kind === 'has') fields.hasAttachment = true;
    else if (term.kind === 'is' && term.what === 'unread') fields.isUnread = true;
    else if (term.kind === 'is' && term.what === 'starred') fields.isStarred = true;
    else if (term.kind === 'in' && systemFolder(term.folder) && !fields.mailboxType) {
      fields.mailboxType = systemFolder(term.folder) ?? '';
    } else rest.push(term);
  }
  fields.keyword = rest.map((term) => formatSearchNode(term)).join(' ');
  return fields;
}

/**
 * The folder a query is limited to (its top-level `in:`), for the page title: a system folder's
 * type, or the name of one of the user's own folders as typed.
 */
export function searchScopeOf(query: string): { system: SearchMailboxType } | { name: string } | null {
  const parsed = parseSearchQuery(query);
  if (!parsed.ok || !parsed.node) return null;
  const terms = parsed.node.kind === 'and' ? parsed.node.items : [parsed.node];
  const scope = terms.find((term) => term.kind === 'in');
  if (scope?.kind !== 'in' || scope.folder.toLowerCase() === 'anywhere') return null;
  const system = systemFolder(scope.folder);
  return system ? { system } : { name: scope.folder };
}
