/*
 * The reader's time zone (issue 34): the web app names it on every request, as it names its
 * language in Accept-Language, so what the server writes with a date in it (a forward's header
 * block, filter statistics by day and hour) is in the reader's zone, as the reply quote the browser
 * writes already is. There is no time zone setting on the account: the browser's is the reader's.
 */

/** The request header: an IANA zone name such as Asia/Seoul. */
export const TIME_ZONE_HEADER = 'X-Time-Zone';

/** An IANA zone name this runtime knows, or undefined for anything else (absent, unknown, too long). */
export function knownTimeZone(value: string | null | undefined): string | undefined {
  const name = value?.trim();
  if (!name || name.length > 64) return undefined;
  try {
    // As given: ICU would turn Asia/Kathmandu back into its old name, Asia/Katmandu.
    new Intl.DateTimeFormat('en-US', { timeZone: name });
    return name;
  } catch {
    return undefined;
  }
}

/** YYYY-MM-DD of an instant in a zone. */
export function dayInZone(date: Date, timeZone: string): string {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).formatToParts(date);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')}`;
}
