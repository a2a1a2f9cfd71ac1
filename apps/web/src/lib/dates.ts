import i18next from 'i18next';
import { DEFAULT_LANGUAGE } from '@postline/shared/errors';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

type DateInput = Date | string | number;

function toDate(value: DateInput): Date {
  return value instanceof Date ? value : new Date(value);
}

function languageOrDefault(lng?: string): string {
  return lng ?? i18next.resolvedLanguage ?? i18next.language ?? DEFAULT_LANGUAGE;
}

function isSameDay(a: Date, b: Date): boolean {
  return a.getFullYear() === b.getFullYear() && a.getMonth() === b.getMonth() && a.getDate() === b.getDate();
}

const pad2 = (n: number) => String(n).padStart(2, '0');

/**
 * Weekday, month and the "am/pm" words come from the translations (common:time), not from Intl:
 * a page's first Intl date format costs 35–90 ms while the browser loads its locale data (measured
 * in Chromium, docs/BENCHMARKS.md issue 17), and the mail list and the message screen each needed
 * one in their first render. Korean reads better with the full weekday (월요일), English lists use
 * the short one (Mon): each language's texts say which.
 */
function dateText(key: string, lng: string, values: Record<string, string | number> = {}): string {
  return i18next.t(`time.${key}`, { ns: 'common', lng, ...values });
}

/** Mail list time (SPEC §2): HH:mm today, the weekday within 7 days, else M/d. */
export function formatMailTime(value: DateInput, now: Date = new Date(), lng?: string): string {
  const date = toDate(value);
  if (Number.isNaN(date.getTime())) return '';
  if (isSameDay(date, now)) return `${pad2(date.getHours())}:${pad2(date.getMinutes())}`;
  const age = now.getTime() - date.getTime();
  if (age > 0 && age < 7 * DAY) return dateText(`weekday.${date.getDay()}`, languageOrDefault(lng));
  return `${date.getMonth() + 1}/${date.getDate()}`;
}

/** A message's date and time in full: 2025년 1월 6일 오후 3:04 (ko), January 6, 2025 at 3:04 PM (en). */
export function formatFullDate(value: DateInput, lng?: string): string {
  const date = toDate(value);
  if (Number.isNaN(date.getTime())) return '';
  const language = languageOrDefault(lng);
  const hours = date.getHours();
  return dateText('fullDate', language, {
    year: date.getFullYear(),
    month: dateText(`month.${date.getMonth() + 1}`, language),
    day: date.getDate(),
    period: dateText(hours < 12 ? 'am' : 'pm', language),
    hour: hours % 12 === 0 ? 12 : hours % 12,
    minute: pad2(date.getMinutes()),
  });
}

/** A locale date such as 2025. 1. 6. (ko) or 1/6/2025 (en). */
export function formatDate(value: DateInput, lng?: string): string {
  const date = toDate(value);
  return Number.isNaN(date.getTime()) ? '' : date.toLocaleDateString(languageOrDefault(lng));
}

function ago(amount: number, unit: Intl.RelativeTimeFormatUnit, lng: string): string {
  return new Intl.RelativeTimeFormat(lng, { numeric: 'always' }).format(-amount, unit);
}

/**
 * Relative time (SPEC §9): just now under a minute, then minutes, hours, and days up to 6 days,
 * then the date.
 */
export function formatRelativeTime(value: DateInput, now: Date = new Date(), lng?: string): string {
  const date = toDate(value);
  if (Number.isNaN(date.getTime())) return '';
  const language = languageOrDefault(lng);
  const age = Math.max(0, now.getTime() - date.getTime());
  if (age < MINUTE) return i18next.t('time.justNow', { ns: 'common', lng: language });
  if (age < HOUR) return ago(Math.floor(age / MINUTE), 'minute', language);
  if (age < DAY) return ago(Math.floor(age / HOUR), 'hour', language);
  if (age < 7 * DAY) return ago(Math.floor(age / DAY), 'day', language);
  return formatDate(date, language);
}

/**
 * A filter's last run (SPEC §2): null when it never ran (or the time cannot be read), else as
 * formatRelativeTime words it (just now under a minute, minutes, hours), then days up to and
 * including 7, then the date.
 */
export function formatLastExecuted(
  value: DateInput | null | undefined,
  now: Date = new Date(),
  lng?: string,
): string | null {
  if (value === null || value === undefined) return null;
  const date = toDate(value);
  if (Number.isNaN(date.getTime())) return null;
  // SPEC §2 counts a filter's run in days up to and including the 7th.
  const age = now.getTime() - date.getTime();
  if (age >= DAY && age <= 7 * DAY) return ago(Math.floor(age / DAY), 'day', languageOrDefault(lng));
  return formatRelativeTime(date, now, lng);
}
