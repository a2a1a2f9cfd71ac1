/** How a message list is sorted: Spring's `sort=field,dir`, kept free of zod for the web app. */

export const SORT_FIELDS = ['receivedAt', 'subject', 'from', 'size'] as const;
export type SortField = (typeof SORT_FIELDS)[number];
export type SortDirection = 'asc' | 'desc';
export interface MessageSort {
  field: SortField;
  direction: SortDirection;
}

export const DEFAULT_MESSAGE_SORT: MessageSort = { field: 'receivedAt', direction: 'desc' };

/** Newest first for dates, A to Z and small to large for the rest (SPEC §2 sort dropdown). */
export function defaultSortDirection(field: SortField): SortDirection {
  return field === 'receivedAt' ? 'desc' : 'asc';
}

/**
 * Reads Spring's `sort=field,dir` ('subject,asc', 'size', 'receivedAt,DESC'). Blank gives the
 * default; an unknown field or direction gives null.
 */
export function tryParseMessageSort(value: string | null | undefined): MessageSort | null {
  const text = value?.trim() ?? '';
  if (text === '') return DEFAULT_MESSAGE_SORT;
  const [rawField = '', rawDirection, ...extra] = text.split(',').map((part) => part.trim());
  if (extra.length > 0) return null;
  const field = SORT_FIELDS.find((candidate) => candidate.toLowerCase() === rawField.toLowerCase());
  if (!field) return null;
  if (rawDirection === undefined || rawDirection === '') {
    return { field, direction: defaultSortDirection(field) };
  }
  const direction = rawDirection.toLowerCase();
  return direction === 'asc' || direction === 'desc' ? { field, direction } : null;
}

/** Like tryParseMessageSort, but anything unreadable falls back to receivedAt descending. */
export function parseMessageSort(value: string | null | undefined): MessageSort {
  return tryParseMessageSort(value) ?? DEFAULT_MESSAGE_SORT;
}

export function formatMessageSort(sort: MessageSort): string {
  return `${sort.field},${sort.direction}`;
}

/** The dropdown: the same field flips direction; another field starts in its default direction. */
export function nextMessageSort(current: MessageSort, field: SortField): MessageSort {
  if (current.field === field) {
    return { field, direction: current.direction === 'asc' ? 'desc' : 'asc' };
  }
  return { field, direction: defaultSortDirection(field) };
}

/** `sort` in a query; repeated (?sort=a&sort=b) the first wins. Parsed into a MessageSort. */
