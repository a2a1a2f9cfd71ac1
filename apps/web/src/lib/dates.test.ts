import { describe, expect, it } from 'vitest';
import { formatFullDate, formatLastExecuted, formatMailTime, formatRelativeTime } from './dates';

// Monday 6 January 2025, 15:30 local time.
const now = new Date(2025, 0, 6, 15, 30);
const minutesAgo = (n: number) => new Date(now.getTime() - n * 60_000);
const hoursAgo = (n: number) => minutesAgo(n * 60);
const daysAgo = (n: number) => hoursAgo(n * 24);

describe('formatFullDate', () => {
  it('writes a message date as Chromium’s long date and short time did (Intl), in both languages', () => {
    expect(formatFullDate(now, 'ko')).toBe('2025년 1월 6일 오후 3:30');
    expect(formatFullDate(now, 'en')).toBe('January 6, 2025 at 3:30 PM');
    expect(formatFullDate(new Date(2025, 11, 31, 0, 7), 'ko')).toBe('2025년 12월 31일 오전 12:07');
    expect(formatFullDate(new Date(2025, 11, 31, 0, 7), 'en')).toBe('December 31, 2025 at 12:07 AM');
    expect(formatFullDate(new Date(2024, 1, 29, 12, 0), 'ko')).toBe('2024년 2월 29일 오후 12:00');
    expect(formatFullDate(new Date(2024, 1, 29, 12, 0), 'en')).toBe('February 29, 2024 at 12:00 PM');
    expect(formatFullDate('2026-07-04T23:59:00', 'en')).toBe('July 4, 2026 at 11:59 PM');
  });

  it('shows nothing for a date it cannot read', () => {
    expect(formatFullDate('not a date', 'en')).toBe('');
  });
});

describe('formatMailTime', () => {
  it('shows the clock time for mail from today', () => {
    expect(formatMailTime(new Date(2025, 0, 6, 9, 5), now, 'ko')).toBe('09:05');
    expect(formatMailTime(new Date(2025, 0, 6, 0, 0), now, 'en')).toBe('00:00');
  });

  it('shows the weekday for mail from the last 7 days', () => {
    expect(formatMailTime(new Date(2025, 0, 5, 23, 59), now, 'ko')).toBe('일요일');
    expect(formatMailTime(new Date(2025, 0, 5, 23, 59), now, 'en')).toBe('Sun');
    expect(formatMailTime(new Date(2024, 11, 31, 10, 0), now, 'en')).toBe('Tue');
  });

  it('shows month/day for older mail', () => {
    expect(formatMailTime(daysAgo(7), now, 'ko')).toBe('12/30');
    expect(formatMailTime('2024-03-09T12:00:00', now, 'en')).toBe('3/9');
  });

  it('shows nothing for a date it cannot read', () => {
    expect(formatMailTime('not a date', now, 'ko')).toBe('');
  });
});

describe('formatRelativeTime', () => {
  it('says just now under a minute', () => {
    expect(formatRelativeTime(new Date(now.getTime() - 59_000), now, 'ko')).toBe('방금 전');
    expect(formatRelativeTime(now, now, 'en')).toBe('just now');
  });

  it('counts minutes, hours and days up to 6 days', () => {
    expect(formatRelativeTime(minutesAgo(5), now, 'ko')).toBe('5분 전');
    expect(formatRelativeTime(minutesAgo(1), now, 'en')).toBe('1 minute ago');
    expect(formatRelativeTime(hoursAgo(3), now, 'ko')).toBe('3시간 전');
    expect(formatRelativeTime(daysAgo(6), now, 'en')).toBe('6 days ago');
  });

  it('gives the date from 7 days on', () => {
    expect(formatRelativeTime(daysAgo(7), now, 'ko')).toBe('2024. 12. 30.');
    expect(formatRelativeTime(daysAgo(7), now, 'en')).toBe('12/30/2024');
  });
});

describe('formatLastExecuted', () => {
  it('is null when the filter never ran or the time cannot be read', () => {
    expect(formatLastExecuted(null, now, 'ko')).toBeNull();
    expect(formatLastExecuted('not a date', now, 'en')).toBeNull();
  });

  it('counts minutes within the hour (not "just now" for 59 minutes), then hours, then days', () => {
    expect(formatLastExecuted(minutesAgo(30), now, 'ko')).toBe('30분 전');
    expect(formatLastExecuted(minutesAgo(59), now, 'en')).toBe('59 minutes ago');
    expect(formatLastExecuted(hoursAgo(2), now, 'ko')).toBe('2시간 전');
    expect(formatLastExecuted(daysAgo(6), now, 'en')).toBe('6 days ago');
  });
});
