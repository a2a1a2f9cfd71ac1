import type { Language } from '@postline/shared/errors';
import {
  AUTO_REPLY_TEMPLATE_PREFIX,
  type FilterCondition,
  type FilterInteropWarning,
  type Operator,
} from '@postline/shared/filters';
import type { EngineFilter } from './evaluate.js';
import { orderedActions } from './evaluate.js';
import { quoteSieve as q } from './sieve-syntax.js';
import { awayReplyRule, type SieveAwayReply } from './sieve-vacation.js';
import { WarningList } from './warnings.js';

/*
 * Writes filters as a Sieve script (RFC 5228) the way Roundcube's managesieve plugin does: one
 * `# rule:[name]` comment per rule, a disabled rule as `if false # <test>`. Extensions used:
 * fileinto, imap4flags (RFC 5232), copy (RFC 3894), vacation (RFC 5230), regex (draft-ietf-sieve-
 * regex; POSIX ERE on most servers, close to RE2 for everyday patterns), body (RFC 5173) and
 * mime (RFC 5703) for attachment names. Mapping choices the importer reverses:
 *   IMPORTANCE    -> header :is "importance" (NORMAL = neither high nor low, as Postline treats it)
 *   SIZE EQUALS n -> not size :over n, not size :under n
 *   SENDER_CHECK  -> header :contains "authentication-results" "dmarc=pass" (or "dmarc=fail")
 *   MARK_SPAM     -> fileinto "Spam";  SKIP_INBOX -> fileinto "Archive"  (the folders they use)
 *   NOT_SPAM      -> addflag "$NotJunk";  ADD_LABEL -> addflag "<label>" (an IMAP keyword)
 */

const REQUIRE_ORDER = [
  'fileinto',
  'imap4flags',
  'copy',
  'vacation',
  'date',
  'regex',
  'body',
  'mime',
  'relational',
  'comparator-i;ascii-numeric',
] as const;
type Extension = (typeof REQUIRE_ORDER)[number];

export interface SieveExportOptions {
  /** Folder name of a MOVE_TO_FOLDER mailbox id; without a name the action is left out and reported. */
  folderName?: (mailboxId: string) => string | null;
  /** Text of an AUTO_REPLY template id (`template:<id>` values). */
  templateText?: (templateId: string) => string | null;
  language?: Language;
  /** The away reply, written first (a filter's `stop` must not keep it from answering). */
  awayReply?: (SieveAwayReply & { timeZone: string }) | null;
}

export interface SieveExportResult {
  script: string;
  warnings: FilterInteropWarning[];
}

const HEADER_OF: Partial<Record<FilterCondition['conditionType'], string>> = {
  SUBJECT: 'subject',
  FROM: 'from',
  TO: 'to',
  CC: 'cc',
  BCC: 'bcc',
};
const POSITIVE: Partial<Record<Operator, Operator>> = {
  NOT_CONTAINS: 'CONTAINS',
  NOT_EQUALS: 'EQUALS',
  NOT_EXISTS: 'EXISTS',
};
/** An IMAP flag-keyword atom (RFC 3501): printable ASCII without atom-specials or `\`. */
const IMAP_KEYWORD = /^[\x21-\x7e]+$/;
const ATOM_SPECIALS = /[(){ %*"\\\]]/;

/** `:matches` treats `*`, `?` and `\` as special (RFC 5228 §2.7.1). */
const globEscape = (text: string) => text.replace(/[\\*?]/g, '\\$&');

interface MatchPart {
  /** Match type and comparator tags, e.g. `:contains :comparator "i;octet"`. */
  match: string;
  /** The quoted key. */
  key: string;
}

function matchPart(c: FilterCondition, positive: Operator, need: Set<Extension>): MatchPart {
  const cmp = c.caseSensitive ? ' :comparator "i;octet"' : '';
  if (positive === 'EXISTS') return { match: ':matches', key: '"*"' };
  if (positive === 'REGEX' || c.isRegex) {
    need.add('regex');
    const p = c.value;
    const anchoredKey: Partial<Record<Operator, string>> = {
      EQUALS: `^(${p})$`,
      STARTS_WITH: `^(${p})`,
      ENDS_WITH: `(${p})$`,
    };
    return { match: `:regex${cmp}`, key: q(anchoredKey[positive] ?? p) };
  }
  switch (positive) {
    case 'EQUALS':
      return { match: `:is${cmp}`, key: q(c.value) };
    case 'STARTS_WITH':
      return { match: `:matches${cmp}`, key: q(`${globEscape(c.value)}*`) };
    case 'ENDS_WITH':
      return { match: `:matches${cmp}`, key: q(`*${globEscape(c.value)}`) };
    default:
      return { match: `:contains${cmp}`, key: q(c.value) };
  }
}

/** One condition as Sieve tests (all must hold). */
function conditionTests(c: FilterCondition, need: Set<Extension>): string[] {
  const positive = POSITIVE[c.operator] ?? c.operator;
  const neg = positive !== c.operator ? 'not ' : '';
  const header = HEADER_OF[c.conditionType];
  switch (c.conditionType) {
    case 'SIZE': {
      const n = Number(c.value);
      if (c.operator === 'GREATER_THAN') return [`size :over ${Math.floor(n)}`];
      if (c.operator === 'LESS_THAN') return [`size :under ${Math.ceil(n)}`];
      return [`not size :over ${Math.round(n)}`, `not size :under ${Math.round(n)}`];
    }
    case 'IMPORTANCE': {
      const level = c.value.toLowerCase();
      const normal = level === 'normal';
      const keys = normal ? '["high", "low"]' : q(level);
      const negate = (c.operator === 'NOT_EQUALS') !== normal;
      return [`${negate ? 'not ' : ''}header :is "importance" ${keys}`];
    }
    case 'SENDER_CHECK': {
      // Sieve has no sender check: the verdict is in the Authentication-Results header we add.
      const value = c.value.toUpperCase();
      const key = value === 'FAILED' ? '"dmarc=fail"' : '"dmarc=pass"';
      const negate = (c.operator === 'NOT_EQUALS') !== (value === 'UNVERIFIED');
      return [`${negate ? 'not ' : ''}header :contains "authentication-results" ${key}`];
    }
    case 'HAS_ATTACHMENT':
      need.add('mime');
      return [
        `${c.operator === 'EXISTS' ? '' : 'not '}header :mime :anychild :param "filename" :matches "Content-Disposition" "*"`,
      ];
    case 'ATTACHMENT': {
      need.add('mime');
      const { match, key } = matchPart(c, positive, need);
      return [`${neg}header :mime :anychild :param "filename" ${match} "Content-Disposition" ${key}`];
    }
    case 'BODY': {
      need.add('body');
      const { match, key } =
        positive === 'EXISTS' ? { match: ':matches', key: '"?*"' } : matchPart(c, positive, need);
      return [`${neg}body :text ${match} ${key}`];
    }
    default: {
      if (!header) return [];
      if (positive === 'EXISTS') return [`${neg}exists ${q(header)}`];
      const { match, key } = matchPart(c, positive, need);
      // Whole-address comparisons go through `address`, substring and regex ones see the raw header.
      const addressTest =
        c.conditionType !== 'SUBJECT' &&
        !c.isRegex &&
        ['EQUALS', 'STARTS_WITH', 'ENDS_WITH'].includes(positive);
      return [`${neg}${addressTest ? 'address :all' : 'header'} ${match} ${q(header)} ${key}`];
    }
  }
}

function actionLines(
  filter: EngineFilter,
  options: SieveExportOptions,
  need: Set<Extension>,
  warnings: WarningList,
): string[] {
  const lines: string[] = [];
  for (const a of orderedActions(filter)) {
    const value = a.actionValue ?? '';
    switch (a.actionType) {
      case 'MOVE_TO_FOLDER': {
        const name = options.folderName?.(value) ?? null;
        if (name === null) {
          warnings.add('folderUnknown', null, filter.name, { name: value });
          break;
        }
        need.add('fileinto');
        lines.push(`fileinto ${q(name)};`);
        break;
      }
      case 'MARK_SPAM':
      case 'SKIP_INBOX':
        need.add('fileinto');
        lines.push(`fileinto ${q(a.actionType === 'MARK_SPAM' ? 'Spam' : 'Archive')};`);
        break;
      case 'MARK_READ':
      case 'MARK_AS_READ':
      case 'MARK_UNREAD':
      case 'MARK_STARRED':
      case 'MARK_AS_STARRED':
      case 'UNSTAR': {
        need.add('imap4flags');
        const verb = ['MARK_UNREAD', 'UNSTAR'].includes(a.actionType) ? 'removeflag' : 'addflag';
        const flag = a.actionType.includes('READ') ? '\\Seen' : '\\Flagged';
        lines.push(`${verb} ${q(flag)};`);
        break;
      }
      case 'NOT_SPAM':
        need.add('imap4flags');
        lines.push('addflag "$NotJunk";');
        break;
      case 'ADD_LABEL':
        need.add('imap4flags');
        if (!IMAP_KEYWORD.test(value) || ATOM_SPECIALS.test(value)) {
          warnings.add('labelNotKeyword', null, filter.name, { name: value });
        }
        lines.push(`addflag ${q(value)};`);
        break;
      case 'DELETE':
        lines.push('discard;');
        break;
      case 'FORWARD':
        need.add('copy');
        lines.push(`redirect :copy ${q(value)};`);
        break;
      case 'AUTO_REPLY': {
        let text: string | null = value;
        if (value.startsWith(AUTO_REPLY_TEMPLATE_PREFIX)) {
          const id = value.slice(AUTO_REPLY_TEMPLATE_PREFIX.length);
          text = options.templateText?.(id) ?? null;
          if (text === null) {
            warnings.add('templateUnknown', null, filter.name, { name: id });
            break;
          }
        }
        need.add('vacation');
        lines.push(`vacation :days 1 ${q(text)};`);
        break;
      }
      case 'STOP_PROCESSING':
        lines.push('stop;');
        break;
    }
  }
  return lines.length ? lines : ['keep;'];
}

/** Exports filters in the order given (priority order) as one Sieve script. */
export function exportSieveScript(
  filters: readonly EngineFilter[],
  options: SieveExportOptions = {},
): SieveExportResult {
  const need = new Set<Extension>();
  const warnings = new WarningList(options.language);
  const rules: string[] = [];
  if (options.awayReply) {
    const away = awayReplyRule(options.awayReply);
    for (const extension of away.extensions) need.add(extension);
    rules.push(away.rule);
  }
  for (const filter of filters) {
    const tests = filter.conditions.flatMap((c) => conditionTests(c, need));
    const test =
      tests.length === 0 ? 'true' : tests.length === 1 ? (tests[0] as string) : `allof (${tests.join(', ')})`;
    let head = `if ${test}`;
    if (filter.isActive === false) {
      head = test.includes('\n') ? `if allof (false, ${test})` : `if false # ${test}`;
    }
    const body = actionLines(filter, options, need, warnings).map((l) => `\t${l}`);
    rules.push([`# rule:[${filter.name.replace(/[\r\n]+/g, ' ')}]`, head, '{', ...body, '}'].join('\n'));
  }
  const required = REQUIRE_ORDER.filter((ext) => need.has(ext));
  const header = required.length ? [`require [${required.map((r) => q(r)).join(',')}];`] : [];
  return { script: `${[...header, ...rules].join('\n')}\n`, warnings: warnings.items };
}
