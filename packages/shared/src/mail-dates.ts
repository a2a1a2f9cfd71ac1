import type { Language } from './errors.js';

/*
 * The one way a mail's date is written where people read it as text: the quote line of a reply
 * ("On … wrote:") and the header block of a forward. Assembled from numbers rather than left to
 * the platform's locale data, which differ between Node builds and browsers (one printed Korean
 * weekdays with an English "PM"); the same words come out on the server and in the browser.
 */

const KO_WEEKDAYS = ['일', '월', '화', '수', '목', '금', '토'];
const EN_WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const EN_MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

interface Parts {
  year: number;
  month: number;
  day: number;
  weekday: number;
  hour: number;
  minute: number;
}

function partsOf(date: Date, timeZone?: string): Parts {
  const format = new Intl.DateTimeFormat('en-US', {
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    hourCycle: 'h23',
    weekday: 'short',
    ...(timeZone ? { timeZone } : {}),
  });
  const found: Record<string, string> = {};
  for (const part of format.formatToParts(date)) found[part.type] = part.value;
  return {
    year: Number(found.year),
    month: Number(found.month),
    day: Number(found.day),
    weekday: Math.max(0, EN_WEEKDAYS.indexOf(found.weekday ?? '')),
    hour: Number(found.hour) % 24,
    minute: Number(found.minute),
  };
}

const pad2 = (n: number) => String(n).padStart(2, '0');

/** 2026년 11월 23일 (월) 오후 10:52 · Mon, Nov 23, 2026, 10:52 PM */
export function formatMailDateTime(date: Date, language: Language, timeZone?: string): string {
  const p = partsOf(date, timeZone);
  const hour12 = p.hour % 12 === 0 ? 12 : p.hour % 12;
  if (language === 'ko') {
    const half = p.hour < 12 ? '오전' : '오후';
    return `${p.year}년 ${p.month}월 ${p.day}일 (${KO_WEEKDAYS[p.weekday]}) ${half} ${hour12}:${pad2(p.minute)}`;
  }
  const half = p.hour < 12 ? 'AM' : 'PM';
  return `${EN_WEEKDAYS[p.weekday]}, ${EN_MONTHS[p.month - 1]} ${p.day}, ${p.year}, ${hour12}:${pad2(p.minute)} ${half}`;
}

/** The line above a reply's quote, as Gmail writes it. */
export function replyQuoteHeading(date: Date, sender: string, language: Language, timeZone?: string): string {
  const when = formatMailDateTime(date, language, timeZone);
  return language === 'ko' ? `${when}, ${sender} 님이 작성:` : `On ${when}, ${sender} wrote:`;
}

/** The original below the cursor: a blank start, the heading, then every line quoted with "> ". */
export function quotedReplyBody(original: string, heading: string): string {
  const quoted = original
    .replace(/\r\n?/g, '\n')
    .replace(/\n+$/, '')
    .split('\n')
    .map((line) => (line.startsWith('>') ? `>${line}` : `> ${line}`).trimEnd());
  return `\n\n${heading}\n${quoted.join('\n')}\n`;
}
