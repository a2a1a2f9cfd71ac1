import clsx from 'clsx';
import { useEffect, useLayoutEffect, useRef, useState, type FocusEvent, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { MessageListItem } from '@postline/shared/messages';
import { Button } from '@/components/ui/Button';
import { EmptyState } from '@/components/ui/EmptyState';
import { LoadingBlock } from '@/components/ui/Spinner';
import { useShortcuts } from '@/lib/shortcuts';
import { MessageRow, ROW_COLUMNS, useRowTexts, type RowColumn } from './MessageRow';

interface MessageListProps {
  rows: MessageListItem[] | null;
  loading: boolean;
  error: string | null;
  /** Filters or a search are narrowing the list: an empty result means "nothing matches". */
  narrowed: boolean;
  searching: boolean;
  /** The searched words, marked in each row. */
  highlight: readonly string[];
  /** What an empty folder of this kind is for ("Mail you send is kept here."). */
  emptyHint: string;
  selected: Set<number>;
  showRecipients: boolean;
  hrefOf: (message: MessageListItem) => string;
  onRetry: () => void;
  onToggleSelect: (id: number) => void;
  onToggleStar: (message: MessageListItem) => void;
  onOpen: (message: MessageListItem) => void;
}

/** More than a phone's screen of rows (about eight fit at 390×844). */
const FIRST_ROWS = 10;

/**
 * How many of the rows the render leaves for later: the first time a list shows rows, all but those
 * of the first screen, which come in a task of their own just after. On a phone the first render of
 * a cold load (layout, page and rows together) was the longest task of the load, which is what
 * Lighthouse's blocking time adds up (issue 17). Later pages, sorts and searches render all their
 * rows at once (0).
 */
function useRowsWaiting(rows: readonly unknown[] | null): number {
  const shownWhole = useRef(false);
  const [restDue, setRestDue] = useState(false);
  const cut = !restDue && !shownWhole.current && rows !== null && rows.length > FIRST_ROWS;
  useEffect(() => {
    if (!cut) {
      if (rows?.length) shownWhole.current = true;
      return undefined;
    }
    const timer = setTimeout(() => setRestDue(true));
    return () => clearTimeout(timer);
  }, [cut, rows]);
  return cut ? rows.length - FIRST_ROWS : 0;
}

/**
 * Holds the place of the rows still to come, as tall as that many of the first row, so that what
 * is below the list (the pager) does not move when they arrive: on a desktop screen it did, a
 * layout shift of 0.022 (issue 17). Measured before the first paint; the rows of a list are alike.
 */
function WaitingRows({ count }: { count: number }) {
  const place = useRef<HTMLLIElement>(null);
  useLayoutEffect(() => {
    const li = place.current;
    const row = li?.parentElement?.firstElementChild;
    if (li && row instanceof HTMLElement) li.style.height = `${row.offsetHeight * count}px`;
  }, [count]);
  return <li ref={place} aria-hidden="true" data-testid="rows-to-come" />;
}

/** Where a key sends the focus from row `row`, control `column`; null for keys the list leaves alone. */
function cellFor(
  key: string,
  row: number,
  column: number,
  rowCount: number,
): { row: number; column: number } | null {
  const last = ROW_COLUMNS.length - 1;
  switch (key) {
    case 'ArrowDown':
      return { row: Math.min(row + 1, rowCount - 1), column };
    case 'ArrowUp':
      return { row: Math.max(row - 1, 0), column };
    case 'Home':
      return { row: 0, column };
    case 'End':
      return { row: rowCount - 1, column };
    case 'ArrowRight':
      return { row, column: Math.min(column + 1, last) };
    case 'ArrowLeft':
      return { row, column: Math.max(column - 1, 0) };
    default:
      return null;
  }
}

/**
 * The list is one tab stop (issue 34): Tab reaches one control of one row, Up and Down (Home, End)
 * go to the same control of another row, Left and Right to the row's checkbox, star and link; a
 * click makes the clicked control the stop. Hand-written: the WAI-ARIA roving tabindex is a few
 * lines here, where a grid library would bring its own rows and markup.
 */
function useRovingCell(rowCount: number) {
  const [cell, setCell] = useState<{ row: number; column: RowColumn }>({ row: 0, column: 'open' });
  // A shorter page keeps the stop on a row that is there.
  const row = Math.min(cell.row, Math.max(rowCount - 1, 0));

  function locate(target: EventTarget): { row: number; column: number } | null {
    if (!(target instanceof HTMLElement)) return null;
    const column = ROW_COLUMNS.indexOf(target.dataset.column as RowColumn);
    const index = Number(target.closest<HTMLElement>('[data-row-index]')?.dataset.rowIndex);
    return column < 0 || !Number.isInteger(index) ? null : { row: index, column };
  }

  const onFocus = (event: FocusEvent<HTMLUListElement>) => {
    const at = locate(event.target);
    const column = at && ROW_COLUMNS[at.column];
    if (at && column && (at.row !== row || column !== cell.column)) setCell({ row: at.row, column });
  };

  const onKeyDown = (event: KeyboardEvent<HTMLUListElement>) => {
    const at = locate(event.target);
    const next = at && cellFor(event.key, at.row, at.column, rowCount);
    if (!next) return;
    event.preventDefault();
    const control = event.currentTarget.querySelector<HTMLElement>(
      `[data-row-index="${next.row}"] [data-column="${ROW_COLUMNS[next.column]}"]`,
    );
    control?.focus();
  };

  return { row, column: cell.column, onFocus, onKeyDown };
}

/** The rows, or what stands in for them: loading, an error with Retry, or one of two empty states. */
export function MessageList({
  rows,
  loading,
  error,
  narrowed,
  searching,
  highlight,
  emptyHint,
  selected,
  showRecipients,
  hrefOf,
  onRetry,
  ...handlers
}: MessageListProps) {
  const { t } = useTranslation('mailList');
  const texts = useRowTexts();
  const waiting = useRowsWaiting(rows);
  const shown = rows ? rows.slice(0, rows.length - waiting) : [];
  const roving = useRovingCell(shown.length);
  const listRef = useRef<HTMLUListElement>(null);
  // Gmail's keys for the list (issue 37): j and k go down and up, o opens, x selects, s stars the
  // row that has the focus (else the list's tab stop), wherever the focus is on the page.
  const current = () => shown[roving.row];
  const focusRow = (step: number) => {
    const inList = listRef.current?.contains(document.activeElement) ?? false;
    const index = Math.max(0, Math.min(shown.length - 1, roving.row + (inList ? step : 0)));
    listRef.current
      ?.querySelector<HTMLElement>(`[data-row-index="${index}"] [data-column="${roving.column}"]`)
      ?.focus();
  };
  useShortcuts(
    {
      j: () => focusRow(1),
      k: () => focusRow(-1),
      o: () => {
        const message = current();
        if (message) handlers.onOpen(message);
      },
      x: () => {
        const message = current();
        if (message) handlers.onToggleSelect(message.id);
      },
      s: () => {
        const message = current();
        if (message) handlers.onToggleStar(message);
      },
    },
    shown.length > 0 && !loading,
  );
  // A page, sort or search change keeps the rows on screen, dimmed, until the new ones arrive
  // (issue 17): only a list with nothing to show yet gets the spinner.
  const stale = loading && Boolean(rows && rows.length > 0) && !error;
  if (loading && !stale) {
    return <LoadingBlock label={t('list.loading')} />;
  }
  if (error) {
    return (
      <div role="alert" className="flex flex-col items-center px-6 py-16 text-center">
        <h2 className="text-lg font-semibold text-gray-800">{t('error.title')}</h2>
        <p className="mt-1 text-sm text-gray-500">{error}</p>
        <Button className="mt-6" variant="secondary" onClick={onRetry}>
          {t('error.retry')}
        </Button>
      </div>
    );
  }
  if (!rows || rows.length === 0) {
    if (searching) return <EmptyState title={t('empty.search')} description={t('empty.searchHint')} />;
    if (narrowed) return <EmptyState title={t('empty.filtered')} description={t('empty.filteredHint')} />;
    return <EmptyState title={t('empty.folder')} description={emptyHint} />;
  }
  const now = new Date();
  return (
    <ul
      aria-label={t('list.label')}
      aria-busy={stale || undefined}
      // inert: a row about to be replaced cannot be clicked by mistake.
      inert={stale || undefined}
      className={clsx('transition-opacity', stale && 'opacity-60')}
      ref={listRef}
      onFocus={roving.onFocus}
      onKeyDown={roving.onKeyDown}
    >
      {shown.map((message, index) => (
        <MessageRow
          key={message.id}
          index={index}
          tabColumn={index === roving.row ? roving.column : null}
          message={message}
          texts={texts}
          href={hrefOf(message)}
          selected={selected.has(message.id)}
          showRecipients={showRecipients}
          now={now}
          highlight={highlight}
          {...handlers}
        />
      ))}
      {waiting > 0 && <WaitingRows count={waiting} />}
    </ul>
  );
}
