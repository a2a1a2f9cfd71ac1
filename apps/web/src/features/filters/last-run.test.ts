import { describe, expect, it } from 'vitest';
import { formatLastRun } from './last-run';

const now = new Date('2025-03-14T12:00:00.000Z');
const ago = (ms: number) => new Date(now.getTime() - ms).toISOString();
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

describe('formatLastRun', () => {
  it('says just now only under a minute (and for a stamp slightly ahead of this clock)', () => {
    expect(formatLastRun(ago(59_000), now, 'ko', '방금 전')).toBe('방금 전');
    expect(formatLastRun(ago(-5_000), now, 'en', 'just now')).toBe('just now');
  });

  it.each([
    [MINUTE, 'ko', '1분 전'],
    [30 * MINUTE, 'ko', '30분 전'],
    [30 * MINUTE, 'en', '30 minutes ago'],
    [59 * MINUTE, 'en', '59 minutes ago'],
    [HOUR, 'ko', '1시간 전'],
    [23 * HOUR, 'en', '23 hours ago'],
    [DAY, 'ko', '1일 전'],
    [7 * DAY, 'en', '7 days ago'],
  ])('words a run %i ms ago in %s as "%s"', (age, language, text) => {
    expect(formatLastRun(ago(age), now, language, '-')).toBe(text);
  });

  it('gives the plain date after more than 7 days', () => {
    expect(formatLastRun(ago(8 * DAY), now, 'ko', '-')).toBe('2025. 3. 6.');
    expect(formatLastRun(ago(8 * DAY), now, 'en', '-')).toBe('3/6/2025');
  });

  it('answers null for a time it cannot read', () => {
    expect(formatLastRun('not a date', now, 'ko', '-')).toBeNull();
  });
});
