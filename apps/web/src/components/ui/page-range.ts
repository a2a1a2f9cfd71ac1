export type PageItem = number | 'ellipsis-start' | 'ellipsis-end';

const MAX_WITHOUT_ELLIPSIS = 7;

/**
 * The page buttons of SPEC §9 for a 1-based current page: every page up to 7; near the start the
 * first five, a gap and the last; the mirror near the end; otherwise the first, a gap, three pages
 * around the current one, a gap and the last.
 */
export function pageRange(currentPage: number, totalPages: number): PageItem[] {
  if (totalPages <= 0) return [];
  const current = Math.min(Math.max(1, currentPage), totalPages);
  const span = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);
  if (totalPages <= MAX_WITHOUT_ELLIPSIS) return span(1, totalPages);
  if (current <= 3) return [...span(1, 5), 'ellipsis-end', totalPages];
  if (current >= totalPages - 2) return [1, 'ellipsis-start', ...span(totalPages - 4, totalPages)];
  return [1, 'ellipsis-start', current - 1, current, current + 1, 'ellipsis-end', totalPages];
}
