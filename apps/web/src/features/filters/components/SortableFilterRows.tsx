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
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { FilterDto } from '@postline/shared/filters';
import type { FilterRowDrag } from './FilterRow';

/** The filter list's rows, with drag (here) or without (FilterList's plain rows). */
export interface FilterRowsProps {
  filters: FilterDto[];
  /** The list's heading, which names the list. */
  labelledBy: string;
  /** A filter dropped over another (`targetId`), or outside every row (null). */
  onDrop: (draggedId: number, targetId: number | null) => void;
  /** One row; `drag` where dnd-kit is there. */
  renderRow: (filter: FilterDto, index: number, drag?: FilterRowDrag) => ReactNode;
}

/*
 * The filter list's rows with drag-and-drop by mouse, touch and keyboard (dnd-kit). It is its own
 * chunk, fetched beside the filter list's call (FilterList.tsx), so that no other screen loads it.
 */
export function SortableFilterRows({ filters, labelledBy, onDrop, renderRow }: FilterRowsProps) {
  const { t } = useTranslation('filters');
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 5 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );

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

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragEnd={({ active, over }: DragEndEvent) => onDrop(Number(active.id), over ? Number(over.id) : null)}
      accessibility={{ announcements, screenReaderInstructions: { draggable: t('dnd.instructions') } }}
    >
      <SortableContext items={filters.map((f) => f.id)} strategy={verticalListSortingStrategy}>
        <ul aria-labelledby={labelledBy}>
          {filters.map((filter, index) => (
            <SortableRow key={filter.id} id={filter.id}>
              {(drag) => renderRow(filter, index, drag)}
            </SortableRow>
          ))}
        </ul>
      </SortableContext>
    </DndContext>
  );
}

function SortableRow({ id, children }: { id: number; children: (drag: FilterRowDrag) => ReactNode }) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } =
    useSortable({ id });
  return (
    <>
      {children({
        setNodeRef,
        setActivatorNodeRef,
        handleProps: { ...attributes, ...listeners },
        style: { transform: CSS.Transform.toString(transform), transition },
        isDragging,
      })}
    </>
  );
}
