import { describe, expect, it } from 'vitest';
import {
  localInputValue,
  mondayMorning,
  nextHour,
  parseLocalInput,
  tomorrowMorning,
} from './send-later-times';

// Local times: the browser's zone is the user's (Date's local fields).
const at = (y: number, m: number, d: number, h = 0, min = 0) => new Date(y, m - 1, d, h, min);

describe('send later times', () => {
  it('tomorrow morning is 8:00 the next day, across a month end', () => {
    expect(tomorrowMorning(at(2026, 11, 30, 22, 15))).toEqual(at(2026, 12, 1, 8));
    expect(tomorrowMorning(at(2026, 3, 4, 7, 0))).toEqual(at(2026, 3, 5, 8));
  });

  it('Monday morning is the next Monday at 8:00, a week on from a Monday', () => {
    expect(mondayMorning(at(2026, 12, 2, 10))).toEqual(at(2026, 12, 7, 8)); // Wednesday
    expect(mondayMorning(at(2026, 12, 6, 23))).toEqual(at(2026, 12, 7, 8)); // Sunday
    expect(mondayMorning(at(2026, 12, 7, 6))).toEqual(at(2026, 12, 14, 8)); // Monday
  });

  it('reads and writes the date-and-time field in local time', () => {
    expect(localInputValue(at(2026, 1, 5, 9, 3))).toBe('2026-01-05T09:03');
    expect(parseLocalInput('2026-01-05T09:03')).toEqual(at(2026, 1, 5, 9, 3));
    expect(parseLocalInput('')).toBeNull();
    expect(parseLocalInput('tomorrow')).toBeNull();
  });

  it('suggests the next whole hour at least an hour ahead', () => {
    expect(nextHour(at(2026, 5, 1, 14, 20))).toEqual(at(2026, 5, 1, 15));
  });
});
