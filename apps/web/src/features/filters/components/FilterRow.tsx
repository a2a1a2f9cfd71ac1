import clsx from 'clsx';
import { useId, type CSSProperties, type HTMLAttributes } from 'react';
import { useTranslation } from 'react-i18next';
import type { FilterDto } from '@postline/shared/filters';
import { Menu } from '@/components/ui/Menu';
import { ArrowDownIcon, ArrowUpIcon, GripIcon, MoreIcon } from '@/components/ui/icons';
import { formatLastExecuted } from '@/lib/dates';

/** What a row needs to be dragged: its element and grip, from SortableFilterRows. */
export interface FilterRowDrag {
  setNodeRef: (node: HTMLElement | null) => void;
  setActivatorNodeRef: (node: HTMLElement | null) => void;
  handleProps: HTMLAttributes<HTMLElement>;
  style: CSSProperties;
  isDragging: boolean;
}

export interface FilterRowProps {
  filter: FilterDto;
  isFirst: boolean;
  isLast: boolean;
  isSelected: boolean;
  onToggleSelected: () => void;
  onMove: (step: -1 | 1) => void;
  onToggleActive: () => void;
  onEdit: () => void;
  onCopy: () => void;
  onExport: () => void;
  onDelete: () => void;
  /** For the last-run wording; the list passes a clock that moves on, so the wording does too. */
  now?: Date;
  /** Absent when the drag code could not be loaded: the grip shows, disabled. */
  drag?: FilterRowDrag;
}

const iconButton =
  'inline-flex h-8 w-8 items-center justify-center rounded-lg text-gray-600 hover:bg-gray-100 disabled:cursor-not-allowed disabled:opacity-30 disabled:hover:bg-transparent';
const textButton = 'rounded-lg px-2.5 py-1.5 text-sm font-medium hover:bg-gray-100';

/** One filter in the list (SPEC §2): a sortable row with its badge, counts, run history and actions. */
export function FilterRow({
  filter,
  isFirst,
  isLast,
  isSelected,
  onToggleSelected,
  onMove,
  onToggleActive,
  onEdit,
  onCopy,
  onExport,
  onDelete,
  now,
  drag,
}: FilterRowProps) {
  const { t, i18n } = useTranslation('filters');
  const nameId = useId();
  const { executionCount, lastExecuted } = filter.stats;
  const lastRun = formatLastExecuted(lastExecuted, now ?? new Date(), i18n.language);
  // The same four actions as buttons on wider screens and in one menu on phones.
  const actions = [
    { label: t('row.edit'), onSelect: onEdit },
    { label: t('row.copy'), onSelect: onCopy },
    { label: t('row.export'), onSelect: onExport },
    { label: t('row.delete'), onSelect: onDelete, tone: 'danger' as const },
  ];

  return (
    <li
      ref={drag?.setNodeRef}
      aria-labelledby={nameId}
      data-filter-id={filter.id}
      style={drag?.style}
      className={clsx(
        'flex items-start gap-3 border-b border-gray-100 bg-white px-3 py-3 last:border-b-0',
        drag?.isDragging && 'relative z-10 shadow-lg ring-2 ring-brand-500',
        !filter.isActive && 'bg-gray-50',
      )}
    >
      <button
        ref={drag?.setActivatorNodeRef}
        type="button"
        disabled={!drag}
        aria-label={t('row.drag', { name: filter.name })}
        className="mt-0.5 cursor-grab touch-none rounded p-1 text-gray-400 hover:bg-gray-100 hover:text-gray-600 active:cursor-grabbing disabled:cursor-default"
        {...drag?.handleProps}
      >
        <GripIcon strokeWidth={3} />
      </button>
      <input
        name="selected"
        type="checkbox"
        checked={isSelected}
        onChange={onToggleSelected}
        aria-label={t('row.select', { name: filter.name })}
        className="mt-2 h-4 w-4 rounded border-gray-300 accent-brand-500"
      />
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-center gap-2">
          <span
            className={clsx(
              'rounded-full px-2 py-0.5 text-xs font-medium',
              filter.isActive ? 'bg-green-100 text-green-800' : 'bg-gray-200 text-gray-600',
            )}
          >
            {filter.isActive ? t('row.active') : t('row.inactive')}
          </span>
          <span className="font-mono text-xs text-gray-500" data-testid="filter-priority">
            {t('row.priority', { priority: filter.priority })}
          </span>
          <h3 id={nameId} className="truncate font-medium text-gray-900">
            {filter.name}
          </h3>
        </div>
        {filter.description && <p className="mt-0.5 text-sm text-gray-600">{filter.description}</p>}
        <p className="mt-1 flex flex-wrap gap-x-3 gap-y-0.5 text-xs text-gray-500">
          <span>{t('row.conditions', { count: filter.conditionCount })}</span>
          <span>{t('row.actions', { count: filter.actionCount })}</span>
          {lastRun === null ? (
            <span>{t('row.neverExecuted')}</span>
          ) : (
            <>
              <span>{t('row.executions', { count: executionCount })}</span>
              <span>{t('row.lastExecuted', { time: lastRun })}</span>
            </>
          )}
        </p>
      </div>
      <div className="flex shrink-0 flex-wrap items-center justify-end gap-1">
        <button
          type="button"
          className={iconButton}
          disabled={isFirst}
          onClick={() => onMove(-1)}
          aria-label={t('row.moveUp')}
          aria-describedby={nameId}
        >
          <ArrowUpIcon size={16} strokeWidth={2} />
        </button>
        <button
          type="button"
          className={iconButton}
          disabled={isLast}
          onClick={() => onMove(1)}
          aria-label={t('row.moveDown')}
          aria-describedby={nameId}
        >
          <ArrowDownIcon size={16} strokeWidth={2} />
        </button>
        <button
          type="button"
          role="switch"
          aria-checked={filter.isActive}
          aria-label={t('row.toggle')}
          aria-describedby={nameId}
          onClick={onToggleActive}
          className={clsx(
            'mx-1 inline-flex h-5 w-9 items-center rounded-full p-0.5 transition-colors',
            filter.isActive ? 'bg-brand-500' : 'bg-gray-300',
          )}
        >
          <span
            aria-hidden="true"
            className={clsx(
              'h-4 w-4 rounded-full bg-white shadow transition-transform',
              filter.isActive && 'translate-x-4',
            )}
          />
        </button>
        {/* Phones: the four text actions live behind one menu so the row keeps its width. */}
        <div className="hidden flex-wrap items-center gap-1 sm:flex">
          {actions.map((action) => (
            <button
              key={action.label}
              type="button"
              className={clsx(
                textButton,
                action.tone === 'danger' ? 'text-red-600 hover:bg-red-50' : 'text-gray-700',
              )}
              onClick={action.onSelect}
              aria-describedby={nameId}
            >
              {action.label}
            </button>
          ))}
        </div>
        <div className="sm:hidden">
          <Menu label={t('row.more', { name: filter.name })} icon={<MoreIcon />} items={actions} />
        </div>
      </div>
    </li>
  );
}
