import type { Invitation } from '@postline/shared/messages';

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * When an invitation's event happens, in the reader's language and time zone: "2026년 12월 1일
 * 화요일 오전 10:00~11:30 GMT+9" or "Tuesday, December 1, 2026, 10:00 – 11:30 AM GMT+9". All-day
 * events are dates (their iCalendar end is exclusive, so a one-day event shows one date); times
 * without a zone (floating) are the same wall-clock time wherever the reader is.
 */
export function invitationWhen(invitation: Invitation, lng: string | undefined, timeZone?: string): string {
  const { start, end } = invitation;
  if (!start) return '';
  if (invitation.allDay && DATE_ONLY.test(start)) {
    const format = new Intl.DateTimeFormat(lng, { dateStyle: 'full', timeZone: 'UTC' });
    const first = new Date(`${start}T00:00:00Z`);
    const last = end && DATE_ONLY.test(end) ? new Date(Date.parse(`${end}T00:00:00Z`) - DAY_MS) : first;
    return last.getTime() > first.getTime() ? format.formatRange(first, last) : format.format(first);
  }
  const floating = !start.endsWith('Z');
  const format = new Intl.DateTimeFormat(lng, {
    dateStyle: 'full',
    timeStyle: 'short',
    ...(timeZone ? { timeZone } : {}),
  });
  const from = new Date(start);
  if (Number.isNaN(from.getTime())) return '';
  const to = end ? new Date(end) : null;
  const text =
    to && !Number.isNaN(to.getTime()) && to > from ? format.formatRange(from, to) : format.format(from);
  if (floating) return text;
  const zone = new Intl.DateTimeFormat(lng, { timeZoneName: 'short', ...(timeZone ? { timeZone } : {}) })
    .formatToParts(from)
    .find((part) => part.type === 'timeZoneName')?.value;
  return zone ? `${text} (${zone})` : text;
}
