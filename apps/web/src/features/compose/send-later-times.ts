/*
 * Send later's times (issue 36), in the browser's time zone: the quick choices Gmail offers and
 * the value of a date-and-time field. The server is given the instant (ISO with its offset).
 */

const MORNING_HOUR = 8;

function atMorning(date: Date): Date {
  const morning = new Date(date);
  morning.setHours(MORNING_HOUR, 0, 0, 0);
  return morning;
}

/** Tomorrow at 8:00. */
export function tomorrowMorning(now: Date = new Date()): Date {
  const next = new Date(now);
  next.setDate(next.getDate() + 1);
  return atMorning(next);
}

/** The next Monday at 8:00: a week on when today is Monday. */
export function mondayMorning(now: Date = new Date()): Date {
  const next = new Date(now);
  next.setDate(next.getDate() + ((8 - next.getDay()) % 7 || 7));
  return atMorning(next);
}

const pad = (value: number) => String(value).padStart(2, '0');

/** The value of an <input type="datetime-local"> for this instant, to the minute. */
export function localInputValue(date: Date): string {
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** The instant a datetime-local value names in this browser's zone, or null for none. */
export function parseLocalInput(value: string): Date | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/.exec(value);
  if (!match) return null;
  const [, year, month, day, hour, minute, second] = match.map((part) => Number(part ?? 0));
  const date = new Date(year!, month! - 1, day!, hour!, minute!, second!);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** A suggestion for the picker: the next whole hour at least an hour ahead. */
export function nextHour(now: Date = new Date()): Date {
  const next = new Date(now.getTime() + 60 * 60_000);
  next.setMinutes(0, 0, 0);
  return next;
}
