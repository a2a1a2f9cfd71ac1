import clsx from 'clsx';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { PAGE_SIZE_OPTIONS } from '@postline/shared/limits';
import { formatCount } from '@/lib/numbers';
import { pageRange } from './page-range';

interface PaginationProps {
  /** 1-based; server pages are 0-based, so callers pass number + 1. */
  currentPage: number;
  totalPages: number;
  onPageChange: (page: number) => void;
  totalItems?: number;
  itemsPerPage?: number;
  onPageSizeChange?: (size: number) => void;
  pageSizeOptions?: readonly number[];
  /**
   * totalItems is a lower bound (a count that stopped at its cap): the summary says "more than"
   * and the page list shows that pages follow its last number.
   */
  totalIsEstimate?: boolean;
}

/** A little narrower on a phone, so ‹ 1 … 5 … 50 … › fits a 390-pixel screen. */
const pageButton =
  'inline-flex h-9 min-w-8 items-center justify-center rounded-lg px-1.5 text-sm transition-colors disabled:cursor-not-allowed disabled:opacity-40 sm:min-w-9 sm:px-2';

export function Pagination({
  currentPage,
  totalPages,
  onPageChange,
  totalItems,
  itemsPerPage,
  onPageSizeChange,
  pageSizeOptions = PAGE_SIZE_OPTIONS,
  totalIsEstimate = false,
}: PaginationProps) {
  const { t } = useTranslation('ui');
  const sizeId = useId();
  const items = pageRange(currentPage, totalPages);
  const showSummary = totalItems !== undefined && itemsPerPage !== undefined && totalItems > 0;
  const start = showSummary ? (currentPage - 1) * itemsPerPage + 1 : 0;
  const end = showSummary ? Math.min(currentPage * itemsPerPage, totalItems) : 0;

  return (
    <div className="flex flex-wrap items-center justify-between gap-3 px-4 py-3 text-sm text-gray-600">
      <div>
        {showSummary &&
          t(totalIsEstimate ? 'pagination.summaryEstimate' : 'pagination.summary', {
            start,
            end,
            total: formatCount(totalItems),
          })}
      </div>
      {totalPages > 1 && (
        <nav aria-label={t('pagination.label')}>
          <ul className="flex flex-wrap items-center gap-0.5 sm:gap-1">
            <li>
              <button
                type="button"
                className={clsx(pageButton, 'hover:bg-gray-100')}
                onClick={() => onPageChange(currentPage - 1)}
                disabled={currentPage <= 1}
                aria-label={t('pagination.previous')}
              >
                <span aria-hidden="true">‹</span>
              </button>
            </li>
            {items.map((item) =>
              typeof item === 'number' ? (
                <li key={item}>
                  <button
                    type="button"
                    className={clsx(
                      pageButton,
                      item === currentPage
                        ? 'bg-brand-500 font-semibold text-white'
                        : 'text-gray-700 hover:bg-gray-100',
                    )}
                    onClick={() => onPageChange(item)}
                    aria-label={t('pagination.page', { page: item })}
                    aria-current={item === currentPage ? 'page' : undefined}
                  >
                    {item}
                  </button>
                </li>
              ) : (
                <li key={item} aria-hidden="true" className="px-1 text-gray-500">
                  …
                </li>
              ),
            )}
            {totalIsEstimate && (
              <li className="px-1 text-gray-500">
                <span aria-hidden="true">…</span>
                <span className="sr-only">{t('pagination.moreBeyond')}</span>
              </li>
            )}
            <li>
              <button
                type="button"
                className={clsx(pageButton, 'hover:bg-gray-100')}
                onClick={() => onPageChange(currentPage + 1)}
                disabled={currentPage >= totalPages}
                aria-label={t('pagination.next')}
              >
                <span aria-hidden="true">›</span>
              </button>
            </li>
          </ul>
        </nav>
      )}
      {onPageSizeChange && itemsPerPage !== undefined && (
        <div className="flex items-center gap-2">
          <label htmlFor={sizeId}>{t('pagination.pageSize')}</label>
          <select
            id={sizeId}
            value={itemsPerPage}
            onChange={(event) => onPageSizeChange(Number(event.target.value))}
            className="rounded-lg border border-gray-300 bg-white px-2 py-1"
          >
            {pageSizeOptions.map((size) => (
              <option key={size} value={size}>
                {t('pagination.perPage', { size })}
              </option>
            ))}
          </select>
        </div>
      )}
    </div>
  );
}
