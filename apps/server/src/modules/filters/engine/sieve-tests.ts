import type { FilterCondition, Operator } from '@postline/shared/filters';
import { and, condition, leaf, not, or, type ConditionExpr } from './boolean.js';
import { quoteRegex } from './regex.js';
import { renderSieveTest, type SieveArgument, type SieveTest } from './sieve-syntax.js';
import type { WarningList } from './warnings.js';

/*
 * Sieve tests (RFC 5228 §5, body RFC 5173, mime RFC 5703, regex draft) as condition expressions.
 * A test that cannot be expressed yields null after a warning; the caller then drops the whole
 * rule, because dropping only the test would widen what the rule matches.
 */

type TextType = 'SUBJECT' | 'FROM' | 'TO' | 'CC' | 'BCC';
const HEADER_TYPES: Record<string, TextType> = {
  subject: 'SUBJECT',
  from: 'FROM',
  to: 'TO',
  cc: 'CC',
  bcc: 'BCC',
};
const MATCH_TYPES = ['is', 'contains', 'matches', 'regex', 'value', 'count'] as const;
type MatchType = (typeof MATCH_TYPES)[number];
/** Tagged arguments that carry a value right after them. */
const TAGS_WITH_VALUE = new Set(['comparator', 'param', 'value', 'count', 'content', 'index']);

interface TestArgs {
  flags: Set<string>;
  values: Map<string, SieveArgument>;
  positional: SieveArgument[];
  matchType: MatchType;
}

function readArgs(args: SieveArgument[]): TestArgs {
  const flags = new Set<string>();
  const values = new Map<string, SieveArgument>();
  const positional: SieveArgument[] = [];
  for (let i = 0; i < args.length; i += 1) {
    const a = args[i] as SieveArgument;
    if (a.kind !== 'tag') positional.push(a);
    else if (TAGS_WITH_VALUE.has(a.name) && args[i + 1]) {
      values.set(a.name, args[i + 1] as SieveArgument);
      i += 1;
    } else flags.add(a.name);
  }
  const matchType =
    MATCH_TYPES.find((m) => flags.has(m)) ??
    (values.has('value') ? 'value' : values.has('count') ? 'count' : 'is');
  return { flags, values, positional, matchType };
}

const strings = (a: SieveArgument | undefined): string[] => (a?.kind === 'strings' ? a.values : []);

type Glob = Array<{ literal: string } | '*' | '?'>;

/** RFC 5228 §2.7.1: `*` and `?` are wildcards, a backslash makes the next character literal. */
function parseGlob(pattern: string): Glob {
  const out: Glob = [];
  for (let i = 0; i < pattern.length; i += 1) {
    let ch = pattern[i] as string;
    if (ch === '*' || ch === '?') {
      if (!(ch === '*' && out[out.length - 1] === '*')) out.push(ch);
      continue;
    }
    if (ch === '\\' && i + 1 < pattern.length) ch = pattern[++i] as string;
    const last = out[out.length - 1];
    if (typeof last === 'object') last.literal += ch;
    else out.push({ literal: ch });
  }
  return out;
}

function globRegex(glob: Glob): string {
  return glob.map((part) => (part === '*' ? '.*' : part === '?' ? '.' : quoteRegex(part.literal))).join('');
}

/** `:matches` as the plainest operator that means the same. */
function fromGlob(type: FilterCondition['conditionType'], pattern: string, cs: boolean): FilterCondition {
  const g = parseGlob(pattern);
  const lit = (p: Glob[number] | undefined) => (typeof p === 'object' ? p.literal : null);
  const only = (op: Operator, value: string) => condition(type, op, value, cs);
  if (g.length === 0) return only('EQUALS', '');
  if (g.every((p) => typeof p !== 'object')) return only('EXISTS', '');
  if (g.length === 1 && lit(g[0]) !== null) return only('EQUALS', lit(g[0]) as string);
  if (g.length === 3 && g[0] === '*' && g[2] === '*' && lit(g[1]) !== null)
    return only('CONTAINS', lit(g[1]) as string);
  if (g.length === 2 && g[1] === '*' && lit(g[0]) !== null) return only('STARTS_WITH', lit(g[0]) as string);
  if (g.length === 2 && g[0] === '*' && lit(g[1]) !== null) return only('ENDS_WITH', lit(g[1]) as string);
  return only('REGEX', `(?s)^${globRegex(g)}$`);
}

function keyCondition(type: FilterCondition['conditionType'], match: MatchType, key: string, cs: boolean) {
  if (match === 'matches') return fromGlob(type, key, cs);
  const op: Operator = match === 'is' ? 'EQUALS' : match === 'contains' ? 'CONTAINS' : 'REGEX';
  return condition(type, op, key, cs);
}

export class SieveTestConverter {
  constructor(private readonly warnings: WarningList) {}

  private unsupported(test: SieveTest): null {
    this.warnings.add('unsupportedTest', test.line, renderSieveTest(test));
    return null;
  }

  /** Case sensitivity from :comparator, or undefined when the comparator is not one we know. */
  private caseSensitive(a: TestArgs): boolean | undefined {
    const name = strings(a.values.get('comparator'))[0]?.toLowerCase() ?? 'i;ascii-casemap';
    return name === 'i;octet' ? true : name === 'i;ascii-casemap' ? false : undefined;
  }

  toExpr(test: SieveTest): ConditionExpr | null {
    switch (test.name) {
      case 'true':
      case 'false':
        return { kind: 'constant', value: test.name === 'true' };
      case 'not': {
        const inner = test.tests[0] ? this.toExpr(test.tests[0]) : this.unsupported(test);
        return inner && not(inner);
      }
      case 'allof':
      case 'anyof': {
        const items: ConditionExpr[] = [];
        for (const t of test.tests) {
          const e = this.toExpr(t);
          if (!e) return null;
          items.push(e);
        }
        return test.name === 'allof' ? and(...items) : or(...items);
      }
      case 'header':
        return this.header(test);
      case 'address':
        return this.address(test);
      case 'exists':
        return this.exists(test);
      case 'size':
        return this.size(test);
      case 'body':
        return this.body(test);
      default:
        return this.unsupported(test);
    }
  }

  private header(test: SieveTest): ConditionExpr | null {
    const a = readArgs(test.args);
    const cs = this.caseSensitive(a);
    const [names, keys] = [strings(a.positional[0]), strings(a.positional[1])];
    if (cs === undefined || a.matchType === 'value' || a.matchType === 'count' || !keys.length) {
      return this.unsupported(test);
    }
    if (a.flags.has('mime')) return this.attachment(test, a, names, keys, cs);
    const items: ConditionExpr[] = [];
    for (const raw of names) {
      const name = raw.toLowerCase();
      if (name === 'importance') {
        const levels = new Set(keys.map((k) => k.toUpperCase()));
        const known = ['LOW', 'NORMAL', 'HIGH'];
        if (a.matchType !== 'is' || [...levels].some((l) => !known.includes(l)))
          return this.unsupported(test);
        // Two of the three levels is "not the third": one condition instead of two filters.
        const missing = known.filter((l) => !levels.has(l));
        if (levels.size === 2) items.push(leaf(condition('IMPORTANCE', 'NOT_EQUALS', missing[0])));
        else for (const level of levels) items.push(leaf(condition('IMPORTANCE', 'EQUALS', level)));
        continue;
      }
      const type = HEADER_TYPES[name];
      if (!type) return this.unsupported(test);
      for (const key of keys) items.push(leaf(keyCondition(type, a.matchType, key, cs)));
    }
    return items.length === 1 ? (items[0] as ConditionExpr) : or(...items);
  }

  /** `header :mime :anychild :param "filename" ... "Content-Disposition"`: attachment names. */
  private attachment(test: SieveTest, a: TestArgs, names: string[], keys: string[], cs: boolean) {
    const param = strings(a.values.get('param')).map((p) => p.toLowerCase());
    const onDisposition = names.length > 0 && names.every((n) => n.toLowerCase() === 'content-disposition');
    if (!a.flags.has('anychild') || !param.includes('filename') || !onDisposition)
      return this.unsupported(test);
    const items = keys.map((key) => {
      const c = keyCondition('ATTACHMENT', a.matchType, key, cs);
      return leaf(c.operator === 'EXISTS' ? condition('HAS_ATTACHMENT', 'EXISTS') : c);
    });
    return items.length === 1 ? (items[0] as ConditionExpr) : or(...items);
  }

  private address(test: SieveTest): ConditionExpr | null {
    const a = readArgs(test.args);
    const cs = this.caseSensitive(a);
    const [names, keys] = [strings(a.positional[0]), strings(a.positional[1])];
    const part = a.flags.has('localpart') ? 'localpart' : a.flags.has('domain') ? 'domain' : 'all';
    const types = names.map((n) => HEADER_TYPES[n.toLowerCase()]);
    if (cs === undefined || a.flags.has('user') || a.flags.has('detail') || !keys.length)
      return this.unsupported(test);
    if (!types.length || types.some((t) => !t || t === 'SUBJECT')) return this.unsupported(test);
    if (part !== 'all' && !['is', 'contains', 'matches'].includes(a.matchType)) return this.unsupported(test);
    const items: ConditionExpr[] = [];
    for (const type of types as TextType[]) {
      for (const key of keys) items.push(leaf(this.addressPart(type, part, a.matchType, key, cs)));
    }
    return items.length === 1 ? (items[0] as ConditionExpr) : or(...items);
  }

  private addressPart(
    type: TextType,
    part: string,
    match: MatchType,
    key: string,
    cs: boolean,
  ): FilterCondition {
    if (part === 'all') return keyCondition(type, match, key, cs);
    const inner = match === 'matches' ? globRegex(parseGlob(key)) : quoteRegex(key);
    if (part === 'domain') {
      if (match === 'is') return condition(type, 'ENDS_WITH', `@${key}`, cs);
      return condition(type, 'REGEX', match === 'contains' ? `@[^@]*${inner}[^@]*$` : `@${inner}$`, cs);
    }
    if (match === 'is') return condition(type, 'STARTS_WITH', `${key}@`, cs);
    return condition(type, 'REGEX', match === 'contains' ? `^[^@]*${inner}[^@]*@` : `^${inner}@`, cs);
  }

  private exists(test: SieveTest): ConditionExpr | null {
    const names = strings(readArgs(test.args).positional[0]);
    const types = names.map((n) => HEADER_TYPES[n.toLowerCase()]);
    if (!types.length || types.some((t) => !t)) return this.unsupported(test);
    return and(...(types as TextType[]).map((t) => leaf(condition(t, 'EXISTS'))));
  }

  private size(test: SieveTest): ConditionExpr | null {
    const a = readArgs(test.args);
    const n = a.positional[0];
    if (n?.kind !== 'number' || a.flags.has('over') === a.flags.has('under')) return this.unsupported(test);
    return leaf(condition('SIZE', a.flags.has('over') ? 'GREATER_THAN' : 'LESS_THAN', String(n.value)));
  }

  private body(test: SieveTest): ConditionExpr | null {
    const a = readArgs(test.args);
    const cs = this.caseSensitive(a);
    const keys = strings(a.positional[0]);
    if (cs === undefined || a.flags.has('raw') || a.values.has('content') || !keys.length)
      return this.unsupported(test);
    if (a.matchType === 'value' || a.matchType === 'count') return this.unsupported(test);
    const items = keys.map((key) => leaf(keyCondition('BODY', a.matchType, key, cs)));
    return items.length === 1 ? (items[0] as ConditionExpr) : or(...items);
  }
}
