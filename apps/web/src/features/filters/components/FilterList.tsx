import {
  closestCenter,
  DndContext,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
  type UniqueIdentifier,
} from '@dnd-kit/core';
import {
  arrayMove,
  SortableContext,
  sortableKeyboardCoordinates,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import { useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { FilterDto } from '@postline/shared/filters';
import { Button } from '@/components/ui/Button';
import { EmptyState } from '@/components/ui/EmptyState';
import { FilterIcon } from '@/components/ui/icons';
import { Spinner } from '@/components/ui/Spinner';
import { priorityUpdateForDrop, priorityUpdateForStep } from '../reorder';
import { useNow } from '@/lib/use-now';
import { exportFilterFile } from '../export-files';
import { useFilterChanges, useFilterList, useSelectedFilterIds } from '../queries';
import { filtersView } from '../store';
import { FilterRow } from './FilterRow';

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
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 5 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );

  const allSelected = filters.length > 0 && selectedIds.length === filters.length;
  const someSelected = selectedIds.length > 0 && !allSelected;
  useEffect(() => {
    if (headerBox.current) headerBox.current.indeterminate = someSelected;
  }, [someSelected]);

  const announcements = useMemo((): Announcements => {
    const nameOf = (id: UniqueIdentifier | undefined) => filters.find((f) => f.id === id)?.name ?? '';
    return {
      onDragStart: ({ active }) => t('dnd.pickedUp', { name: nameOf(active.id) }),
      // Over itself is where the drag started: the pick-up message says enough.
      onDragOver: ({ active, over }) =>
        over && over.id !== active.id
          ? t('dnd.over', { name: nameOf(active.id), target: nameOf(over.id) })
          : undefined,
      onDragEnd: ({ active, over }) =>
        over ? t('dnd.dropped', { name: nameOf(active.id), target: nameOf(over.id) }) : undefined,
      onDragCancel: ({ active }) => t('dnd.cancelled', { name: nameOf(active.id) }),
    };
  }, [filters, t]);

  function onDragEnd({ active, over }: DragEndEvent) {
    const draggedId = Number(active.id);
    const targetId = over ? Number(over.id) : null;
    const updates = priorityUpdateForDrop(filters, draggedId, targetId);
    if (!updates) return;
    const from = filters.findIndex((f) => f.id === draggedId);
    const to = filters.findIndex((f) => f.id === targetId);
    void reorder(updates, arrayMove(filters, from, to));
  }

  function onMove(filter: FilterDto, step: -1 | 1) {
    const index = filters.indexOf(filter);
    void reorder(priorityUpdateForStep(filters, filter.id, step), arrayMove(filters, index, index + step));
  }

  if (!hasLoaded) {
    return (
      <div className="flex justify-center py-16 text-brand-500">
        <Spinner label={t('list.loading')} />
      </div>
    );
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
      <DndContext
        sensors={sensors}
        collisionDetection={closestCenter}
        onDragEnd={onDragEnd}
        accessibility={{
          announcements,
          screenReaderInstructions: { draggable: t('dnd.instructions') },
        }}
      >
        <SortableContext items={filters.map((f) => f.id)} strategy={verticalListSortingStrategy}>
          <ul aria-labelledby="filters-list-heading">
            {filters.map((filter, index) => (
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
              />
            ))}
          </ul>
        </SortableContext>
      </DndContext>
    </section>
  );
}
