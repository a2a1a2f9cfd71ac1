import { describe, expect, it } from 'vitest';
import { pageRange } from './page-range';

const E = 'ellipsis-end';
const S = 'ellipsis-start';

describe('pageRange (SPEC §9)', () => {
  it('lists every page when there are 7 or fewer', () => {
    expect(pageRange(1, 1)).toEqual([1]);
    expect(pageRange(4, 7)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(pageRange(1, 0)).toEqual([]);
  });

  it('shows the first five, a gap and the last while on page 3 or lower', () => {
    expect(pageRange(1, 8)).toEqual([1, 2, 3, 4, 5, E, 8]);
    expect(pageRange(3, 20)).toEqual([1, 2, 3, 4, 5, E, 20]);
  });

  it('mirrors that near the end', () => {
    expect(pageRange(20, 20)).toEqual([1, S, 16, 17, 18, 19, 20]);
    expect(pageRange(18, 20)).toEqual([1, S, 16, 17, 18, 19, 20]);
    expect(pageRange(6, 8)).toEqual([1, S, 4, 5, 6, 7, 8]);
  });

  it('shows the first, a gap, three around the current page, a gap and the last in between', () => {
    expect(pageRange(4, 20)).toEqual([1, S, 3, 4, 5, E, 20]);
    expect(pageRange(10, 20)).toEqual([1, S, 9, 10, 11, E, 20]);
    expect(pageRange(17, 20)).toEqual([1, S, 16, 17, 18, E, 20]);
  });

  it('clamps a current page outside the range', () => {
    expect(pageRange(0, 10)).toEqual([1, 2, 3, 4, 5, E, 10]);
    expect(pageRange(99, 10)).toEqual([1, S, 6, 7, 8, 9, 10]);
  });
});
