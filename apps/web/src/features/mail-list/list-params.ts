import { PAGE_SIZE_DEFAULT, PAGE_SIZE_OPTIONS } from '@postline/shared/limits';
import type { SystemMailboxType } from '@postline/shared/mailbox';
import {
  DEFAULT_MESSAGE_SORT,
  formatMessageSort,
  tryParseMessageSort,
  type MessageSort,
} from '@postline/shared/message-sort';
import {
  EMPTY_SEARCH,
  fieldsToQuery,
  SEARCH_MAILBOX_TYPES,
  type SearchFields,
  type SearchMailboxType,
} from './search-query';
import { OWN_FOLDER_PREFIX } from '@/lib/paths';

/**
 * The mail list's state lives in its address, /mailbox/{folder}?page=2&size=50&sort=subject,asc&
 * unread=1&q=…, so Back from a message returns to the same page, and a reload or a shared link
 * shows the same. What the address leaves out, the page size above all, takes its default.
 */

/**
 * What /mailbox/{folder} points at: a system folder by name (inbox, sent, ...), the starred
 * view, or one of the user's own folders as folder-{id}.
 */
export type FolderRef =
  | { kind: 'system'; slug: string; type: SystemMailboxType }
  | { kind: 'starred'; slug: 'starred' }
  | { kind: 'custom'; slug: string; id: number };

const SYSTEM_SLUGS: Record<string, SystemMailboxType> = {
  inbox: 'INBOX',
  sent: 'SENT',
  drafts: 'DRAFTS',
  trash: 'TRASH',
  spam: 'SPAM',
  archive: 'ARCHIVE',
  scheduled: 'SCHEDULED',
};

/** The folder of the address's {folder} segment; null when it names none. */
export function parseFolder(slug: string | undefined): FolderRef | null {
  const value = (slug ?? '').toLowerCase();
  if (value === 'starred') return { kind: 'starred', slug: 'starred' };
  const type = SYSTEM_SLUGS[value];
  if (type) return { kind: 'system', slug: value, type };
  if (value.startsWith(OWN_FOLDER_PREFIX)) {
    const id = Number(value.slice(OWN_FOLDER_PREFIX.length));
    if (Number.isInteger(id) && id > 0) return { kind: 'custom', slug: value, id };
  }
  return null;
}

/*
 * The list's page size as the person last chose it, kept in this browser (issue 34): a folder
 * opened from the sidebar, a reload without ?size= or the next visit shows that many rows, not 20
 * again. A setting of the device rather than the account, as the rows a screen fits are.
 */
const PAGE_SIZE_STORAGE_KEY = 'postline.pageSize';

export function isPageSize(size: number): boolean {
  return (PAGE_SIZE_OPTIONS as readonly number[]).includes(size);
}

export function rememberedPageSize(): number {
  try {
    const size = Number(localStorage.getItem(PAGE_SIZE_STORAGE_KEY));
    return isPageSize(size) ? size : PAGE_SIZE_DEFAULT;
  } catch {
    return PAGE_SIZE_DEFAULT;
  }
}

export function rememberPageSize(size: number): void {
  try {
    if (size === PAGE_SIZE_DEFAULT) localStorage.removeItem(PAGE_SIZE_STORAGE_KEY);
    else localStorage.setItem(PAGE_SIZE_STORAGE_KEY, String(size));
  } catch {
    // Storage refused (private mode, quota): the size holds for this list only.
  }
}

/** The filter dropdown (SPEC §2): each narrows the list, together they combine with AND. */
export interface ListFilters {
  unread: boolean;
  starred: boolean;
  attachment: boolean;
}

export interface ListParams {
  /** 1-based, as the user sees it; the server's page is this minus one. */
  page: number;
  size: number;
  sort: MessageSort;
  filters: ListFilters;
  /** The search query as the user typed it (Gmail's syntax); null while no search is applied. */
  search: string | null;
}

export const NO_FILTERS: ListFilters = { unread: false, starred: false, attachment: false };

const FILTER_KEYS = { unread: 'unread', starred: 'starred', attachment: 'attachment' } as const;

export function hasAnyFilter(filters: ListFilters): boolean {
  return filters.unread || filters.starred || filters.attachment;
}

/** A search counts as applied when its query has something in it. */
export function isSearchApplied(search: string | null): search is string {
  return search !== null && search.trim() !== '';
}

/** Links made before the one query (?keyword=…&from=…&hasAttachment=true) still search the same. */
function legacySearch(query: URLSearchParams): string {
  const search: SearchFields = { ...EMPTY_SEARCH };
  for (const field of ['keyword', 'startDate', 'endDate', 'from', 'to'] as const) {
    search[field] = query.get(field) ?? '';
  }
  for (const field of ['hasAttachment', 'isUnread', 'isStarred'] as const) {
    search[field] = query.get(field) === 'true';
  }
  const box = query.get('mailboxType')?.toUpperCase() ?? '';
  search.mailboxType = (SEARCH_MAILBOX_TYPES as readonly string[]).includes(box)
    ? (box as SearchMailboxType)
    : '';
  return fieldsToQuery(search);
}

function positiveInt(value: string | null, fallback: number): number {
  const n = Number(value);
  return Number.isInteger(n) && n > 0 ? n : fallback;
}

/** `defaultSize`: the rows a page has when the URL does not say (the size the person chose last). */
export function parseListParams(query: URLSearchParams, defaultSize = PAGE_SIZE_DEFAULT): ListParams {
  const size = positiveInt(query.get('size'), defaultSize);
  const search = query.get('q') ?? legacySearch(query);
  return {
    page: positiveInt(query.get('page'), 1),
    size: isPageSize(size) ? size : defaultSize,
    sort: tryParseMessageSort(query.get('sort')) ?? DEFAULT_MESSAGE_SORT,
    filters: {
      unread: query.get(FILTER_KEYS.unread) === '1',
      starred: query.get(FILTER_KEYS.starred) === '1',
      attachment: query.get(FILTER_KEYS.attachment) === '1',
    },
    search: isSearchApplied(search) ? search : null,
  };
}

/** Only what differs from the defaults (`defaultSize` as for parseListParams) goes into the URL. */
export function serializeListParams(params: ListParams, defaultSize = PAGE_SIZE_DEFAULT): URLSearchParams {
  const query = new URLSearchParams();
  if (params.page > 1) query.set('page', String(params.page));
  if (params.size !== defaultSize) query.set('size', String(params.size));
  const sort = formatMessageSort(params.sort);
  if (sort !== formatMessageSort(DEFAULT_MESSAGE_SORT)) query.set('sort', sort);
  for (const key of Object.keys(FILTER_KEYS) as (keyof ListFilters)[]) {
    if (params.filters[key]) query.set(FILTER_KEYS[key], '1');
  }
  if (isSearchApplied(params.search)) query.set('q', params.search.trim());
  return query;
}
