import { Suspense, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { FilterDto } from '@postline/shared/filters';
import { Button } from '@/components/ui/Button';
import { EmptyState } from '@/components/ui/EmptyState';
import { FilterIcon } from '@/components/ui/icons';
import { LoadingBlock } from '@/components/ui/Spinner';
import { moved, priorityUpdateForDrop, priorityUpdateForStep } from '../reorder';
import { lazyScreen } from '@/lib/lazy-screen';
import { useNow } from '@/lib/use-now';
import { exportFilterFile } from '../export-files';
import { useFilterChanges, useFilterList, useSelectedFilterIds } from '../queries';
import { filtersView } from '../store';
import { FilterRow, type FilterRowDrag } from './FilterRow';
// A type only: the import leaves no code behind, and dnd-kit stays in its own chunk.
import type { FilterRowsProps } from './SortableFilterRows';

/** The rows without drag, for good, when dnd-kit's code cannot be loaded. */
function PlainFilterRows({ filters, labelledBy, renderRow }: FilterRowsProps) {
  return <ul aria-labelledby={labelledBy}>{filters.map((filter, index) => renderRow(filter, index))}</ul>;
}

/*
 * dnd-kit is a chunk of its own, asked for as soon as this module runs, beside the filter list's
 * call: the rows wait for both. They used to show first without drag and be drawn again with it
 * (issue 17), but the new rows are new elements: a row menu opened on a phone before the code came
 * closed under the finger, and a row measured in between was gone (issue 33: React shows the
 * loaded content up to 300 ms after its code has come, so the swap came later, not earlier).
 */
const SortableFilterRows = lazyScreen(
  () => import('./SortableFilterRows').then((module) => module.SortableFilterRows),
  { unavailable: PlainFilterRows },
);
void SortableFilterRows.preload();

interface FilterListProps {
  onEdit: (id: number) => void;
  onDelete: (filter: FilterDto) => void;
  onCreate: () => void;
}

/** The filters in priority order, with selection and drag-and-drop reordering (SPEC §2). */
export function FilterList({ onEdit, onDelete, onCreate }: FilterListProps) {
  const { t } = useTranslation('filters');
  const now = useNow();
  const { filters, hasLoaded } = useFilterList();
  const selectedIds = useSelectedFilterIds();
  const { setActive, copy, reorder } = useFilterChanges();
  const headerBox = useRef<HTMLInputElement>(null);

  const allSelected = filters.length > 0 && selectedIds.length === filters.length;
  const someSelected = selectedIds.length > 0 && !allSelected;
  useEffect(() => {
    if (headerBox.current) headerBox.current.indeterminate = someSelected;
  }, [someSelected]);

  function onDrop(draggedId: number, targetId: number | null) {
    const updates = priorityUpdateForDrop(filters, draggedId, targetId);
    if (!updates) return;
    const from = filters.findIndex((f) => f.id === draggedId);
    const to = filters.findIndex((f) => f.id === targetId);
    void reorder(updates, moved(filters, from, to));
  }

  function onMove(filter: FilterDto, step: -1 | 1) {
    const index = filters.indexOf(filter);
    void reorder(priorityUpdateForStep(filters, filter.id, step), moved(filters, index, index + step));
  }

  function renderRow(filter: FilterDto, index: number, drag?: FilterRowDrag) {
    return (
      <FilterRow
        key={filter.id}
        filter={filter}
        isFirst={index === 0}
        isLast={index === filters.length - 1}
        isSelected={selectedIds.includes(filter.id)}
        onToggleSelected={() => filtersView.toggleSelected(filter.id)}
        onMove={(step) => onMove(filter, step)}
        onToggleActive={() => void setActive([filter.id], !filter.isActive)}
        onEdit={() => onEdit(filter.id)}
        onCopy={() => void copy(filter.id)}
        onExport={() => void exportFilterFile(filter)}
        onDelete={() => onDelete(filter)}
        now={now}
        drag={drag}
      />
    );
  }

  if (!hasLoaded) {
    return <LoadingBlock label={t('list.loading')} />;
  }
  if (filters.length === 0) {
    return (
      <div className="rounded-xl border border-gray-200 bg-white">
        <EmptyState
          icon={<FilterIcon size={48} />}
          title={t('list.empty')}
          description={t('list.emptyHint')}
          action={<Button onClick={onCreate}>{t('header.create')}</Button>}
        />
      </div>
    );
  }

  const rows: FilterRowsProps = { filters, labelledBy: 'filters-list-heading', onDrop, renderRow };
  return (
    <section aria-labelledby="filters-list-heading" className="rounded-xl border border-gray-200 bg-white">
      <div className="flex flex-wrap items-center gap-3 border-b border-gray-200 px-3 py-2.5">
        <label className="flex items-center gap-2 pl-9 text-sm text-gray-700">
          <input
            name="selectAll"
            ref={headerBox}
            type="checkbox"
            checked={allSelected}
            onChange={() => filtersView.selectOnly(allSelected ? [] : filters.map((f) => f.id))}
            className="h-4 w-4 rounded border-gray-300 accent-brand-500"
          />
          <span className="sr-only">{t('list.selectAll')}</span>
        </label>
        <h2 id="filters-list-heading" className="text-sm font-semibold text-gray-800">
          {t('list.count', { count: filters.length })}
        </h2>
        <p className="ml-auto text-xs text-gray-500">{t('list.sortedByPriority')}</p>
      </div>
      <Suspense fallback={<LoadingBlock label={t('list.loading')} />}>
        <SortableFilterRows {...rows} />
      </Suspense>
    </section>
  );
}
