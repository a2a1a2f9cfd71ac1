import type { ConditionType } from '@postline/shared/filters';
import { and, condition, leaf, not, or, type ConditionExpr } from './boolean.js';

/*
 * The part of Gmail's search syntax (support.google.com/mail/answer/7190) that a filter property
 * can hold and Postline can express: words and "phrases", -negation, OR, ( ) grouping, { } any-of,
 * from: to: cc: bcc: subject: filename: has:attachment larger: smaller: size:. Everything else
 * (label:, in:, is:, category:, dates, AROUND, ...) is reported as unsupported.
 * Gmail matches whole words; Postline matches substrings, which may match a little more.
 */

export type GmailTextField = Extract<
  ConditionType,
  'FROM' | 'TO' | 'CC' | 'BCC' | 'SUBJECT' | 'BODY' | 'ATTACHMENT'
>;
export type GmailQueryResult = { expr: ConditionExpr } | { unsupported: string };

type Token =
  | { kind: '(' | ')' | '{' | '}' | '-' | 'OR' }
  | { kind: 'word'; text: string }
  | { kind: 'operator'; name: string; value: string | null };

class Unsupported extends Error {}

const FIELD_OPERATORS: Record<string, GmailTextField> = {
  from: 'FROM',
  to: 'TO',
  cc: 'CC',
  bcc: 'BCC',
  subject: 'SUBJECT',
  filename: 'ATTACHMENT',
};
const WORD = /[^\s(){}"]+/y;
const SIZE_UNITS: Record<string, number> = { '': 1, k: 1024, kb: 1024, m: 1024 ** 2, mb: 1024 ** 2 };

function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  const quoted = (): string => {
    const end = text.indexOf('"', i + 1);
    if (end === -1) throw new Unsupported(text.slice(i));
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
      tokens.push({ kind: 'word', text: quoted() });
    } else {
      WORD.lastIndex = i;
      const m = WORD.exec(text) as RegExpExecArray;
      i += m[0].length;
      const word = m[0];
      const op = /^([A-Za-z_]+):(.*)$/.exec(word);
      if (word === 'OR' || word === '|') tokens.push({ kind: 'OR' });
      else if (word === 'AND') continue;
      else if (word === 'AROUND') throw new Unsupported(word);
      else if (op) {
        const name = (op[1] as string).toLowerCase();
        const value = op[2] || (text[i] === '"' ? quoted() : null);
        tokens.push({ kind: 'operator', name, value });
      } else tokens.push({ kind: 'word', text: word });
    }
  }
  return tokens;
}

function sizeBytes(value: string): string {
  const m = /^(\d+(?:\.\d+)?)([a-z]*)$/i.exec(value);
  const unit = m ? SIZE_UNITS[(m[2] as string).toLowerCase()] : undefined;
  if (!m || unit === undefined) throw new Unsupported(value);
  return String(Math.round(Number(m[1]) * unit));
}

class QueryParser {
  private pos = 0;

  constructor(private readonly tokens: Token[]) {}

  private next(): Token | undefined {
    return this.tokens[this.pos];
  }

  sequence(field: GmailTextField, closing: ')' | '}' | null): ConditionExpr[] {
    const items: ConditionExpr[] = [];
    for (let t = this.next(); t && t.kind !== closing; t = this.next()) {
      if (t.kind === ')' || t.kind === '}') throw new Unsupported(t.kind);
      items.push(this.alternatives(field));
    }
    if (closing) {
      if (this.next()?.kind !== closing) throw new Unsupported(`missing ${closing}`);
      this.pos += 1;
    }
    if (items.length === 0) throw new Unsupported('()');
    return items;
  }

  /** OR binds tighter than the implied AND between terms, as in Gmail. */
  private alternatives(field: GmailTextField): ConditionExpr {
    const items = [this.unary(field)];
    while (this.next()?.kind === 'OR') {
      this.pos += 1;
      items.push(this.unary(field));
    }
    return items.length === 1 ? (items[0] as ConditionExpr) : or(...items);
  }

  private unary(field: GmailTextField): ConditionExpr {
    if (this.next()?.kind === '-') {
      this.pos += 1;
      return not(this.unary(field));
    }
    return this.primary(field);
  }

  private primary(field: GmailTextField): ConditionExpr {
    const t = this.next();
    if (!t) throw new Unsupported('…');
    this.pos += 1;
    switch (t.kind) {
      case '(':
        return and(...this.sequence(field, ')'));
      case '{':
        return or(...this.sequence(field, '}'));
      case 'word':
        return leaf(condition(field, 'CONTAINS', t.text));
      case 'operator':
        return this.operator(t.name, t.value);
      default:
        throw new Unsupported(t.kind);
    }
  }

  private operator(name: string, value: string | null): ConditionExpr {
    const field = FIELD_OPERATORS[name];
    if (field && value === null) return this.primary(field);
    if (value === null) throw new Unsupported(`${name}:`);
    if (field) return leaf(condition(field, 'CONTAINS', value));
    if (name === 'has' && value.toLowerCase() === 'attachment')
      return leaf(condition('HAS_ATTACHMENT', 'EXISTS'));
    if (name === 'larger' || name === 'size')
      return leaf(condition('SIZE', 'GREATER_THAN', sizeBytes(value)));
    if (name === 'smaller') return leaf(condition('SIZE', 'LESS_THAN', sizeBytes(value)));
    throw new Unsupported(`${name}:${value}`);
  }
}

/**
 * Parses a property value. Plain words search `field`; `combine: 'any'` reads the top level as
 * alternatives (Gmail's "Doesn't have" means none of the words).
 */
export function parseGmailQuery(
  text: string,
  field: GmailTextField,
  combine: 'all' | 'any' = 'all',
): GmailQueryResult {
  try {
    const items = new QueryParser(tokenize(text)).sequence(field, null);
    const expr =
      items.length === 1 ? (items[0] as ConditionExpr) : combine === 'all' ? and(...items) : or(...items);
    return { expr };
  } catch (error) {
    if (error instanceof Unsupported) return { unsupported: error.message || text };
    throw error;
  }
}
