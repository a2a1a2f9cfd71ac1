import { describe, expect, it } from 'vitest';
import { moved, priorityUpdateForDrop, priorityUpdateForStep } from './reorder';

const list = [
  { id: 11, priority: 1 },
  { id: 12, priority: 2 },
  { id: 13, priority: 3 },
  { id: 14, priority: 4 },
];

describe('reordering sends the moved filter with its new priority', () => {
  it('gives a dragged filter the priority of the row it is dropped on', () => {
    expect(priorityUpdateForDrop(list, 14, 12)).toEqual([{ filterId: 14, newPriority: 2 }]);
    expect(priorityUpdateForDrop(list, 11, 13)).toEqual([{ filterId: 11, newPriority: 3 }]);
  });

  it('sends nothing for a drop on itself or outside the list', () => {
    expect(priorityUpdateForDrop(list, 12, 12)).toBeNull();
    expect(priorityUpdateForDrop(list, 12, null)).toBeNull();
  });

  it("moves up and down by taking the neighbour's priority", () => {
    expect(priorityUpdateForStep(list, 13, -1)).toEqual([{ filterId: 13, newPriority: 2 }]);
    expect(priorityUpdateForStep(list, 13, 1)).toEqual([{ filterId: 13, newPriority: 4 }]);
  });

  it('cannot move past the ends', () => {
    expect(priorityUpdateForStep(list, 11, -1)).toBeNull();
    expect(priorityUpdateForStep(list, 14, 1)).toBeNull();
  });

  it('shows the moved filter in its new place, the others shifting around it', () => {
    const ids = (rows: typeof list) => rows.map((f) => f.id);
    expect(ids(moved(list, 3, 0))).toEqual([14, 11, 12, 13]);
    expect(ids(moved(list, 0, 2))).toEqual([12, 13, 11, 14]);
    expect(ids(list)).toEqual([11, 12, 13, 14]);
  });
});
