import { PAGE_SIZE_DEFAULT, PAGE_SIZE_OPTIONS } from '@postline/shared/limits';
import {
  DEFAULT_MESSAGE_SORT,
  formatMessageSort,
  tryParseMessageSort,
  type MessageSort,
} from '@postline/shared/message-queries';

/**
 * The mailbox list's state lives in the URL (?page=2&size=50&sort=subject,asc&unread=1&keyword=…),
 * so Back from a message returns to the same page, and a reload or a shared link shows the same.
 */

/** The filter dropdown (SPEC §2): each narrows the list, together they combine with AND. */
export interface ListFilters {
  unread: boolean;
  starred: boolean;
  attachment: boolean;
}

/** Mailboxes the advanced search can be limited to (SPEC §2); '' is all. */
export const SEARCH_MAILBOX_TYPES = ['INBOX', 'SENT', 'DRAFTS', 'TRASH'] as const;
export type SearchMailboxType = (typeof SEARCH_MAILBOX_TYPES)[number];

/** The advanced search fields (SPEC §3); the quick search fills keyword only. */
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

export interface ListParams {
  /** 1-based, as the user sees it; the server's page is this minus one. */
  page: number;
  size: number;
  sort: MessageSort;
  filters: ListFilters;
  /** Null while no search is applied. */
  search: SearchFields | null;
}

export const NO_FILTERS: ListFilters = { unread: false, starred: false, attachment: false };

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

const TEXT_FIELDS = ['keyword', 'startDate', 'endDate', 'from', 'to'] as const;
const FLAG_FIELDS = ['hasAttachment', 'isUnread', 'isStarred'] as const;
const FILTER_KEYS = { unread: 'unread', starred: 'starred', attachment: 'attachment' } as const;

export function hasAnyFilter(filters: ListFilters): boolean {
  return filters.unread || filters.starred || filters.attachment;
}

/** A search counts as applied when any field has a value. */
export function isSearchApplied(search: SearchFields | null): search is SearchFields {
  if (!search) return false;
  return (
    TEXT_FIELDS.some((field) => search[field].trim() !== '') ||
    FLAG_FIELDS.some((field) => search[field]) ||
    search.mailboxType !== ''
  );
}

function positiveInt(value: string | null, fallback: number): number {
  const n = Number(value);
  return Number.isInteger(n) && n > 0 ? n : fallback;
}

export function parseListParams(query: URLSearchParams): ListParams {
  const size = positiveInt(query.get('size'), PAGE_SIZE_DEFAULT);
  const search: SearchFields = { ...EMPTY_SEARCH };
  for (const field of TEXT_FIELDS) search[field] = query.get(field) ?? '';
  for (const field of FLAG_FIELDS) search[field] = query.get(field) === 'true';
  const box = query.get('mailboxType')?.toUpperCase() ?? '';
  search.mailboxType = (SEARCH_MAILBOX_TYPES as readonly string[]).includes(box)
    ? (box as SearchMailboxType)
    : '';
  return {
    page: positiveInt(query.get('page'), 1),
    size: (PAGE_SIZE_OPTIONS as readonly number[]).includes(size) ? size : PAGE_SIZE_DEFAULT,
    sort: tryParseMessageSort(query.get('sort')) ?? DEFAULT_MESSAGE_SORT,
    filters: {
      unread: query.get(FILTER_KEYS.unread) === '1',
      starred: query.get(FILTER_KEYS.starred) === '1',
      attachment: query.get(FILTER_KEYS.attachment) === '1',
    },
    search: isSearchApplied(search) ? search : null,
  };
}

/** Only what differs from the defaults goes into the URL. */
export function serializeListParams(params: ListParams): URLSearchParams {
  const query = new URLSearchParams();
  if (params.page > 1) query.set('page', String(params.page));
  if (params.size !== PAGE_SIZE_DEFAULT) query.set('size', String(params.size));
  const sort = formatMessageSort(params.sort);
  if (sort !== formatMessageSort(DEFAULT_MESSAGE_SORT)) query.set('sort', sort);
  for (const key of Object.keys(FILTER_KEYS) as (keyof ListFilters)[]) {
    if (params.filters[key]) query.set(FILTER_KEYS[key], '1');
  }
  if (isSearchApplied(params.search)) {
    const search = params.search;
    for (const field of TEXT_FIELDS) if (search[field].trim()) query.set(field, search[field].trim());
    for (const field of FLAG_FIELDS) if (search[field]) query.set(field, 'true');
    if (search.mailboxType) query.set('mailboxType', search.mailboxType);
  }
  return query;
}
