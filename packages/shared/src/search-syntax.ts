/*
 * Gmail's search syntax (support.google.com/mail/answer/7190), the part Postline understands, as
 * one parser for the search box and for filters imported from Gmail: words and "exact phrases",
 * -exclusion, OR (and |) between terms, ( ) grouping and { } any-of, and the operators below.
 * Hand-written: no maintained library parses this dialect, and it is small.
 *
 * OR binds tighter than the implied AND between terms, as in Gmail: `a b OR c` is a AND (b OR c).
 * Over 300 lines on purpose: tokenizer, grammar and operators of one small language, read together.
 */

/** Where a word is looked for: `any` is subject, sender, recipients and body (a plain word). */
export type SearchField = 'any' | 'from' | 'to' | 'cc' | 'bcc' | 'subject' | 'filename';

export type SearchNode =
  | { kind: 'and'; items: SearchNode[] }
  | { kind: 'or'; items: SearchNode[] }
  | { kind: 'not'; item: SearchNode }
  /** A word or "phrase" in a field; matched as a substring, case-insensitively. */
  | { kind: 'text'; field: SearchField; value: string; phrase: boolean }
  | { kind: 'has'; what: 'attachment' }
  | { kind: 'is'; what: 'unread' | 'read' | 'starred' }
  /** in:{folder}: a system folder (inbox, sent, ...), `anywhere`, or a folder of the user's by name. */
  | { kind: 'in'; folder: string }
  /** after: is from the start of the day on, before: until the start of the day (as Gmail). */
  | { kind: 'date'; op: 'after' | 'before'; date: string }
  | { kind: 'size'; op: 'larger' | 'smaller'; bytes: number };

/** Why a query cannot be read; `value` is the part of the query at fault. */
export type SearchSyntaxErrorKey =
  | 'searchUnclosedQuote'
  | 'searchUnbalanced'
  | 'searchMissingValue'
  | 'searchBadDate'
  | 'searchBadSize'
  | 'searchBadValue'
  | 'searchUnsupportedOperator';

export interface SearchSyntaxError {
  key: SearchSyntaxErrorKey;
  value: string;
}

export type SearchParseResult =
  { ok: true; node: SearchNode | null } | { ok: false; error: SearchSyntaxError };

export interface SearchParseOptions {
  /** How top-level terms combine: `all` (Gmail's search) or `any` (a filter's "doesn't have"). */
  combine?: 'all' | 'any';
}

const FIELD_OPERATORS: Record<string, SearchField> = {
  from: 'from',
  to: 'to',
  cc: 'cc',
  bcc: 'bcc',
  subject: 'subject',
  filename: 'filename',
};
const OTHER_OPERATORS = new Set([
  'has',
  'is',
  'in',
  'before',
  'after',
  'older',
  'newer',
  'larger',
  'smaller',
  'size',
]);
/** Gmail operators Postline cannot answer: named in the error rather than searched as words. */
const UNSUPPORTED_OPERATORS = new Set([
  'label',
  'category',
  'deliveredto',
  'list',
  'rfc822msgid',
  'older_than',
  'newer_than',
]);
const SIZE_UNITS: Record<string, number> = { '': 1, k: 1024, kb: 1024, m: 1024 ** 2, mb: 1024 ** 2 };
const DATE = /^(\d{4})[-/](\d{1,2})[-/](\d{1,2})$/;

class SyntaxProblem extends Error {
  constructor(
    readonly key: SearchSyntaxErrorKey,
    readonly value: string,
  ) {
    super(`${key}: ${value}`);
  }
}

type Token =
  | { kind: '(' | ')' | '{' | '}' | '-' | 'OR' }
  | { kind: 'word'; text: string; phrase: boolean }
  | { kind: 'operator'; name: string; value: string | null; phrase: boolean };

const WORD = /[^\s(){}"]+/y;

function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  const quoted = (): string => {
    const end = text.indexOf('"', i + 1);
    if (end === -1) throw new SyntaxProblem('searchUnclosedQuote', text.slice(i));
    const value = text.slice(i + 1, end);
    i = end + 1;
    return value;
  };
  while (i < text.length) {
    const ch = text[i] as string;
    if (/\s/.test(ch)) i += 1;
    else if ('(){}'.includes(ch)) {
      tokens.push({ kind: ch as '(' });
      i += 1;
    } else if (ch === '-' && i + 1 < text.length && !/\s/.test(text[i + 1] as string)) {
      tokens.push({ kind: '-' });
      i += 1;
    } else if (ch === '"') {
      tokens.push({ kind: 'word', text: quoted(), phrase: true });
    } else {
      WORD.lastIndex = i;
      const word = (WORD.exec(text) as RegExpExecArray)[0];
      i += word.length;
      const op = /^([A-Za-z_]+):(.*)$/.exec(word);
      const name = op?.[1]?.toLowerCase() ?? '';
      if (word === 'OR' || word === '|') tokens.push({ kind: 'OR' });
      else if (word === 'AND') continue;
      else if (word === 'AROUND') throw new SyntaxProblem('searchUnsupportedOperator', word);
      else if (op && (name in FIELD_OPERATORS || OTHER_OPERATORS.has(name))) {
        const inline = op[2] as string;
        const phrase = !inline && text[i] === '"';
        tokens.push({ kind: 'operator', name, value: inline || (phrase ? quoted() : null), phrase });
      } else if (op && UNSUPPORTED_OPERATORS.has(name)) {
        throw new SyntaxProblem('searchUnsupportedOperator', word);
      } else tokens.push({ kind: 'word', text: word, phrase: false });
    }
  }
  return tokens;
}

/**
 * A size in bytes. Past Number.MAX_SAFE_INTEGER it is clamped there (a 400-digit size is Infinity
 * otherwise): `larger:` so much finds nothing and `smaller:` finds everything, as the user means.
 */
function sizeOf(value: string): number {
  const match = /^(\d+(?:\.\d+)?)([a-z]*)$/i.exec(value);
  const unit = match ? SIZE_UNITS[(match[2] as string).toLowerCase()] : undefined;
  if (!match || unit === undefined) throw new SyntaxProblem('searchBadSize', value);
  return Math.min(Math.round(Number(match[1]) * unit), Number.MAX_SAFE_INTEGER);
}

/** YYYY-MM-DD or YYYY/MM/DD of a real calendar day, as YYYY-MM-DD. */
function dateOf(value: string): string {
  const match = DATE.exec(value);
  if (!match) throw new SyntaxProblem('searchBadDate', value);
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) {
    throw new SyntaxProblem('searchBadDate', value);
  }
  return date.toISOString().slice(0, 10);
}

const all = (items: SearchNode[]): SearchNode =>
  items.length === 1 ? (items[0] as SearchNode) : { kind: 'and', items };
const any = (items: SearchNode[]): SearchNode =>
  items.length === 1 ? (items[0] as SearchNode) : { kind: 'or', items };

class Parser {
  private pos = 0;

  constructor(private readonly tokens: Token[]) {}

  private next(): Token | undefined {
    return this.tokens[this.pos];
  }

  sequence(field: SearchField, closing: ')' | '}' | null): SearchNode[] {
    const items: SearchNode[] = [];
    for (let t = this.next(); t && t.kind !== closing; t = this.next()) {
      if (t.kind === ')' || t.kind === '}') throw new SyntaxProblem('searchUnbalanced', t.kind);
      items.push(this.alternatives(field));
    }
    if (closing) {
      if (this.next()?.kind !== closing)
        throw new SyntaxProblem('searchUnbalanced', closing === ')' ? '(' : '{');
      this.pos += 1;
      if (items.length === 0) throw new SyntaxProblem('searchMissingValue', closing === ')' ? '()' : '{}');
    }
    return items;
  }

  private alternatives(field: SearchField): SearchNode {
    const items = [this.unary(field)];
    while (this.next()?.kind === 'OR') {
      this.pos += 1;
      if (!this.next() || this.next()?.kind === ')' || this.next()?.kind === '}') {
        throw new SyntaxProblem('searchMissingValue', 'OR');
      }
      items.push(this.unary(field));
    }
    return any(items);
  }

  private unary(field: SearchField): SearchNode {
    if (this.next()?.kind === '-') {
      this.pos += 1;
      if (!this.next()) throw new SyntaxProblem('searchMissingValue', '-');
      return { kind: 'not', item: this.unary(field) };
    }
    return this.primary(field);
  }

  private primary(field: SearchField): SearchNode {
    const t = this.next();
    if (!t) throw new SyntaxProblem('searchMissingValue', '');
    this.pos += 1;
    switch (t.kind) {
      case '(':
        return all(this.sequence(field, ')'));
      case '{':
        return any(this.sequence(field, '}'));
      case 'word':
        return { kind: 'text', field, value: t.text, phrase: t.phrase };
      case 'operator':
        return this.operator(t);
      case 'OR':
        throw new SyntaxProblem('searchMissingValue', 'OR');
      default:
        throw new SyntaxProblem('searchUnbalanced', t.kind);
    }
  }

  private operator(t: Extract<Token, { kind: 'operator' }>): SearchNode {
    const field = FIELD_OPERATORS[t.name];
    if (field && t.value === null) {
      // from:(a OR b), subject:{x y}: the group's plain words search that field.
      const following = this.next()?.kind;
      if (following === '(' || following === '{') return this.primary(field);
    }
    if (t.value === null || t.value === '') throw new SyntaxProblem('searchMissingValue', `${t.name}:`);
    const value = t.value;
    const lower = value.toLowerCase();
    if (field) return { kind: 'text', field, value, phrase: t.phrase };
    switch (t.name) {
      case 'has':
        if (lower === 'attachment') return { kind: 'has', what: 'attachment' };
        throw new SyntaxProblem('searchBadValue', `has:${value}`);
      case 'is':
        if (lower === 'unread' || lower === 'read' || lower === 'starred') return { kind: 'is', what: lower };
        throw new SyntaxProblem('searchBadValue', `is:${value}`);
      case 'in':
        return { kind: 'in', folder: value };
      case 'after':
      case 'newer':
        return { kind: 'date', op: 'after', date: dateOf(value) };
      case 'before':
      case 'older':
        return { kind: 'date', op: 'before', date: dateOf(value) };
      case 'larger':
      case 'size':
        return { kind: 'size', op: 'larger', bytes: sizeOf(value) };
      case 'smaller':
        return { kind: 'size', op: 'smaller', bytes: sizeOf(value) };
      default:
        throw new SyntaxProblem('searchUnsupportedOperator', `${t.name}:`);
    }
  }
}

/** Reads a query; an empty one is `node: null` (everything). */
export function parseSearchQuery(text: string, options: SearchParseOptions = {}): SearchParseResult {
  try {
    const items = new Parser(tokenize(text)).sequence('any', null);
    if (items.length === 0) return { ok: true, node: null };
    return { ok: true, node: options.combine === 'any' ? any(items) : all(items) };
  } catch (error) {
    if (error instanceof SyntaxProblem) return { ok: false, error: { key: error.key, value: error.value } };
    throw error;
  }
}

/** How many words, phrases and operators the tree tests: what a search's cost grows with. */
export function countSearchConditions(node: SearchNode | null): number {
  if (!node) return 0;
  if (node.kind === 'and' || node.kind === 'or')
    return node.items.reduce((sum, item) => sum + countSearchConditions(item), 0);
  return node.kind === 'not' ? countSearchConditions(node.item) : 1;
}

/**
 * The words to highlight in results: every text the query looks for in subject, sender or body,
 * not those under a `-` (excluded words are, by definition, not in the results).
 */
export function highlightTerms(node: SearchNode | null): string[] {
  const terms = new Set<string>();
  const visit = (current: SearchNode, negated: boolean) => {
    if (current.kind === 'and' || current.kind === 'or')
      current.items.forEach((item) => visit(item, negated));
    else if (current.kind === 'not') visit(current.item, !negated);
    else if (current.kind === 'text' && !negated && current.field !== 'filename' && current.value.trim()) {
      terms.add(current.value.trim());
    }
  };
  if (node) visit(node, false);
  return [...terms].sort((a, b) => b.length - a.length);
}

/**
 * Quotes a value for a query when it holds spaces, quotes or brackets, or starts with a `-`: the
 * word `-` of `a OR - ` written as `{a -}` read back as a negated `}` (found by search-fuzz.test.ts).
 */
export function quoteSearchValue(value: string): string {
  const clean = value.replace(/"/g, '').trim();
  return /[\s(){}]/.test(clean) || clean === 'OR' || clean.startsWith('-') ? `"${clean}"` : clean;
}

const FIELD_PREFIX: Record<SearchField, string> = {
  any: '',
  from: 'from:',
  to: 'to:',
  cc: 'cc:',
  bcc: 'bcc:',
  subject: 'subject:',
  filename: 'filename:',
};

/** A query that reads back as `node` (the advanced search writes the words it cannot show apart). */
export function formatSearchNode(node: SearchNode): string {
  switch (node.kind) {
    case 'and':
      return node.items
        .map((item) => (item.kind === 'and' ? `(${formatSearchNode(item)})` : formatSearchNode(item)))
        .join(' ');
    case 'or':
      return `{${node.items.map(formatSearchNode).join(' ')}}`;
    case 'not':
      return `-${node.item.kind === 'and' ? `(${formatSearchNode(node.item)})` : formatSearchNode(node.item)}`;
    case 'text':
      return `${FIELD_PREFIX[node.field]}${node.phrase ? `"${node.value.replace(/"/g, '')}"` : quoteSearchValue(node.value)}`;
    case 'has':
      return `has:${node.what}`;
    case 'is':
      return `is:${node.what}`;
    case 'in':
      return `in:${quoteSearchValue(node.folder)}`;
    case 'date':
      return `${node.op}:${node.date}`;
    case 'size':
      return `${node.op}:${node.bytes}`;
  }
}
