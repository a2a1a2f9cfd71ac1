import { readActionArgs } from './sieve-action-args.js';
import { quoteSieve as q, type SieveCommand, type SieveTest } from './sieve-syntax.js';

/*
 * The away reply in a Sieve script (issue 37): RFC 5230 vacation, between its days with RFC 5260
 * currentdate, as Roundcube's managesieve writes a vacation rule:
 *
 *   # rule:[away reply]
 *   if allof (currentdate :zone "+0900" :value "ge" "date" "2026-12-01",
 *             currentdate :zone "+0900" :value "le" "date" "2026-12-05")
 *   { vacation :days 4 :subject "Away" "Back on Monday."; }
 *
 * A filter's own auto reply is written `vacation :days 1 "text"` under the filter's tests, so the
 * importer reads as the away reply only a vacation guarded by nothing but currentdate days, or an
 * unconditional one that names a subject or other days: what a mail program's vacation screen
 * writes. Everything else stays a filter.
 */

export interface SieveAwayReply {
  enabled: boolean;
  firstDay: string | null;
  lastDay: string | null;
  subject: string;
  body: string;
  intervalDays: number;
}

export const AWAY_RULE_NAME = 'away reply';
const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The zone's offset now as RFC 5260 writes it ("+0900"); null for a zone this runtime lacks. */
export function sieveZoneOffset(timeZone: string, at = new Date()): string | null {
  try {
    const name = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'longOffset' })
      .formatToParts(at)
      .find((part) => part.type === 'timeZoneName')?.value;
    const match = /GMT(?:([+-])(\d{2}):(\d{2}))?/.exec(name ?? '');
    if (!match) return null;
    return match[1] ? `${match[1]}${match[2]}${match[3]}` : '+0000';
  } catch {
    return null;
  }
}

/** The away reply as one Sieve rule, and the extensions it needs. */
export function awayReplyRule(reply: SieveAwayReply & { timeZone: string }): {
  rule: string;
  extensions: Array<'vacation' | 'date' | 'relational'>;
} {
  const zone = sieveZoneOffset(reply.timeZone);
  const bound = (op: 'ge' | 'le', day: string) =>
    `currentdate${zone ? ` :zone ${q(zone)}` : ''} :value ${q(op)} "date" ${q(day)}`;
  const tests = [
    ...(reply.firstDay ? [bound('ge', reply.firstDay)] : []),
    ...(reply.lastDay ? [bound('le', reply.lastDay)] : []),
  ];
  const test = tests.length === 0 ? 'true' : tests.length === 1 ? tests[0]! : `allof (${tests.join(', ')})`;
  const head = reply.enabled ? `if ${test}` : `if allof (false, ${test})`;
  const vacation = `vacation :days ${reply.intervalDays} :subject ${q(reply.subject)} ${q(reply.body)};`;
  return {
    rule: [`# rule:[${AWAY_RULE_NAME}]`, head, '{', `\t${vacation}`, '}'].join('\n'),
    extensions: tests.length > 0 ? ['vacation', 'date', 'relational'] : ['vacation'],
  };
}

/** `currentdate :value "ge"|"le" "date" "YYYY-MM-DD"`, its :zone left aside; null for any other test. */
function dayBound(test: SieveTest): { op: 'ge' | 'le'; day: string } | null {
  if (test.name !== 'currentdate') return null;
  let op: string | null = null;
  const strings: string[] = [];
  for (let i = 0; i < test.args.length; i += 1) {
    const arg = test.args[i]!;
    if (arg.kind === 'tag') {
      const next = test.args[i + 1];
      if (arg.name === 'value' && next?.kind === 'strings') op = next.values[0] ?? null;
      if (['value', 'zone'].includes(arg.name)) i += 1;
      else if (arg.name !== 'originalzone') return null;
    } else if (arg.kind === 'strings') {
      strings.push(arg.values[0] ?? '');
    }
  }
  const [part, day] = strings;
  if ((op !== 'ge' && op !== 'le') || part !== 'date' || !day || !DAY.test(day)) return null;
  return { op, day };
}

/**
 * The away reply a rule holds, or null when it is a filter. `test` is the rule's test as the
 * importer read it (a disabled rule's test unwrapped), `ignored` hears the vacation's options
 * Postline does not keep (:from, :addresses, :handle, :mime).
 */
export function readAwayRule(
  test: SieveTest | null,
  disabled: boolean,
  block: readonly SieveCommand[],
  ignored: (options: string) => void,
): SieveAwayReply | null {
  const [vacation] = block;
  if (block.length !== 1 || vacation?.name !== 'vacation') return null;
  const tests = !test || test.name === 'true' ? [] : test.name === 'allof' ? test.tests : [test];
  const bounds = tests.map(dayBound);
  if (bounds.some((b) => b === null)) return null;
  const { tags, positional } = readActionArgs(vacation);
  const days = tags.get('days');
  const subject = tags.get('subject');
  const intervalDays = days?.kind === 'number' ? days.value : 7; // RFC 5230 §4.1: 7 when not given
  const named = subject?.kind === 'strings' || intervalDays !== 1;
  if (bounds.length === 0 && !named) return null;
  const dropped = [...tags.keys()].filter((name) => !['days', 'subject'].includes(name));
  if (dropped.length > 0) ignored(dropped.map((name) => `:${name}`).join(' '));
  return {
    enabled: !disabled,
    firstDay: bounds.find((b) => b?.op === 'ge')?.day ?? null,
    lastDay: bounds.find((b) => b?.op === 'le')?.day ?? null,
    subject: subject?.kind === 'strings' ? (subject.values[0] ?? '').trim() : '',
    body: (positional[positional.length - 1]?.[0] ?? '').trimEnd(),
    intervalDays: Math.min(30, Math.max(1, intervalDays)),
  };
}
