const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * A filter's last run as the row words it (SPEC §2, §9): just now under a minute, then minutes,
 * hours, and days up to 7, then the plain date. Numbers and units come from
 * Intl.RelativeTimeFormat in the reader's language ("30분 전", "30 minutes ago"); null when the
 * stored time cannot be read, so the row can say the filter never ran.
 */
export function formatLastRun(
  lastExecuted: string,
  now: Date,
  language: string,
  justNow: string,
): string | null {
  const ran = new Date(lastExecuted);
  if (Number.isNaN(ran.getTime())) return null;
  // A run stamped a little ahead of this clock (another node's) is still just now.
  const age = Math.max(0, now.getTime() - ran.getTime());
  if (age < MINUTE) return justNow;
  const relative = new Intl.RelativeTimeFormat(language, { numeric: 'always' });
  if (age < HOUR) return relative.format(-Math.floor(age / MINUTE), 'minute');
  if (age < DAY) return relative.format(-Math.floor(age / HOUR), 'hour');
  if (age <= 7 * DAY) return relative.format(-Math.floor(age / DAY), 'day');
  return new Intl.DateTimeFormat(language).format(ran);
}
