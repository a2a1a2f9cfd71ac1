import type { FilterDto, FilterPriorityUpdate } from '@postline/shared/filters';

/*
 * SPEC §2 and §4: a moved filter takes the priority of the filter it lands on (drag and drop) or of
 * its neighbour (move up / move down); the server shifts the others around it.
 */

/** The PUT /filters/priority body for dropping one filter on another, or null for no change. */
export function priorityUpdateForDrop(
  filters: readonly Pick<FilterDto, 'id' | 'priority'>[],
  draggedId: number,
  targetId: number | null,
): FilterPriorityUpdate | null {
  if (targetId === null || targetId === draggedId) return null;
  const dragged = filters.find((f) => f.id === draggedId);
  const target = filters.find((f) => f.id === targetId);
  if (!dragged || !target || dragged.priority === target.priority) return null;
  return [{ filterId: dragged.id, newPriority: target.priority }];
}

/** Move up or down one place; null at the ends, where the buttons are disabled. */
export function priorityUpdateForStep(
  filters: readonly Pick<FilterDto, 'id' | 'priority'>[],
  id: number,
  step: -1 | 1,
): FilterPriorityUpdate | null {
  const index = filters.findIndex((f) => f.id === id);
  const neighbour = index < 0 ? undefined : filters[index + step];
  if (!neighbour) return null;
  return priorityUpdateForDrop(filters, id, neighbour.id);
}

/** The list as it shows once the filter at `from` has moved to `to`, the others shifting around it. */
export function moved<T>(list: readonly T[], from: number, to: number): T[] {
  const next = [...list];
  const [item] = next.splice(from, 1);
  if (item !== undefined) next.splice(to, 0, item);
  return next;
}
