/*
 * Tokenizer and parser for the Sieve language, RFC 5228 §8 (lexical tokens §8.1, grammar §8.2).
 * Hand-written: no maintained Sieve parser exists for Node. It reads the whole grammar, not only
 * the commands Postline maps; the importer decides what it can use and reports the rest.
 * Over 300 lines on purpose: the tokenizer and the grammar of one language, read together.
 */

export class SieveSyntaxError extends Error {
  constructor(
    message: string,
    readonly line: number,
  ) {
    super(message);
    this.name = 'SieveSyntaxError';
  }
}

type Punct = '[' | ']' | '(' | ')' | '{' | '}' | ',' | ';';
type Token =
  | { kind: 'identifier' | 'tag' | 'string'; value: string; line: number }
  | { kind: 'number'; value: number; line: number }
  | { kind: 'punct'; value: Punct; line: number };

export interface SieveComment {
  /** The text after `#` or between the slash-star markers. */
  text: string;
  line: number;
}

const QUANTIFIERS: Record<string, number> = { k: 1024, m: 1024 ** 2, g: 1024 ** 3 };
const NUMBER = /([0-9]+)([kKmMgG]?)/y;
const WORD = /:?[A-Za-z_][A-Za-z0-9_]*/y;
const MULTILINE_START = /text:[ \t]*(#[^\n]*)?\n/iy;

function matchAt(re: RegExp, src: string, at: number): RegExpExecArray | null {
  re.lastIndex = at;
  return re.exec(src);
}
const MAX_DEPTH = 64;

/** §8.1: strings with \" and \\ escapes (any other backslash is dropped), `text:` multi-line strings. */
export function tokenizeSieve(input: string): { tokens: Token[]; comments: SieveComment[] } {
  const src = input.replace(/\r\n?/g, '\n');
  const tokens: Token[] = [];
  const comments: SieveComment[] = [];
  let i = 0;
  let line = 1;
  while (i < src.length) {
    const ch = src[i] as string;
    if (ch === '\n') {
      line += 1;
      i += 1;
    } else if (ch === ' ' || ch === '\t') {
      i += 1;
    } else if (ch === '#') {
      const end = src.indexOf('\n', i);
      const stop = end === -1 ? src.length : end;
      comments.push({ text: src.slice(i + 1, stop), line });
      i = stop;
    } else if (src.startsWith('/*', i)) {
      const end = src.indexOf('*/', i + 2);
      if (end === -1) throw new SieveSyntaxError('unterminated comment', line);
      const text = src.slice(i + 2, end);
      comments.push({ text, line });
      line += text.split('\n').length - 1;
      i = end + 2;
    } else if (ch === '"') {
      const start = line;
      let value = '';
      i += 1;
      for (;;) {
        if (i >= src.length) throw new SieveSyntaxError('unterminated string', start);
        const c = src[i] as string;
        if (c === '"') break;
        if (c === '\\' && i + 1 < src.length) {
          i += 1;
          value += src[i];
        } else {
          value += c;
        }
        if (src[i] === '\n') line += 1;
        i += 1;
      }
      i += 1;
      tokens.push({ kind: 'string', value, line: start });
    } else if (matchAt(MULTILINE_START, src, i)) {
      const start = line;
      i = src.indexOf('\n', i) + 1;
      line += 1;
      const lines: string[] = [];
      for (;;) {
        if (i >= src.length) throw new SieveSyntaxError('unterminated multi-line string', start);
        const end = src.indexOf('\n', i);
        const text = src.slice(i, end === -1 ? src.length : end);
        i = end === -1 ? src.length : end + 1;
        line += 1;
        if (text === '.') break;
        lines.push(text.startsWith('..') ? text.slice(1) : text);
      }
      tokens.push({ kind: 'string', value: lines.map((l) => `${l}\n`).join(''), line: start });
    } else if (/[0-9]/.test(ch)) {
      const m = matchAt(NUMBER, src, i) as RegExpExecArray;
      const unit = QUANTIFIERS[(m[2] ?? '').toLowerCase()] ?? 1;
      tokens.push({ kind: 'number', value: Number(m[1]) * unit, line });
      i += m[0].length;
    } else if (ch === ':' || /[A-Za-z_]/.test(ch)) {
      const m = matchAt(WORD, src, i);
      if (!m) throw new SieveSyntaxError(`unexpected "${ch}"`, line);
      const tag = m[0].startsWith(':');
      tokens.push({ kind: tag ? 'tag' : 'identifier', value: m[0].slice(tag ? 1 : 0).toLowerCase(), line });
      i += m[0].length;
    } else if ('[](){},;'.includes(ch)) {
      tokens.push({ kind: 'punct', value: ch as Punct, line });
      i += 1;
    } else {
      throw new SieveSyntaxError(`unexpected "${ch}"`, line);
    }
  }
  return { tokens, comments };
}

export type SieveArgument =
  | { kind: 'tag'; name: string; line: number }
  | { kind: 'number'; value: number; line: number }
  | { kind: 'strings'; values: string[]; list: boolean; line: number };

export interface SieveTest {
  name: string;
  line: number;
  args: SieveArgument[];
  tests: SieveTest[];
}

export interface SieveCommand extends SieveTest {
  block: SieveCommand[] | null;
  /** Line of the closing `;` or `}`. */
  endLine: number;
}

export interface SieveScript {
  commands: SieveCommand[];
  comments: SieveComment[];
}

class Parser {
  private pos = 0;
  private depth = 0;

  constructor(private readonly tokens: Token[]) {}

  private peek(): Token | undefined {
    return this.tokens[this.pos];
  }

  private previousLine(): number {
    return this.tokens[this.pos - 1]?.line ?? 1;
  }

  private lastLine(): number {
    return this.tokens[this.tokens.length - 1]?.line ?? 1;
  }

  private isPunct(value: Punct): boolean {
    const t = this.peek();
    return t?.kind === 'punct' && t.value === value;
  }

  private expectPunct(value: Punct): void {
    const t = this.peek();
    if (!(t?.kind === 'punct' && t.value === value)) {
      throw new SieveSyntaxError(`expected "${value}"`, t?.line ?? this.lastLine());
    }
    this.pos += 1;
  }

  private identifier(): { name: string; line: number } {
    const t = this.peek();
    if (t?.kind !== 'identifier')
      throw new SieveSyntaxError('expected a command or test', t?.line ?? this.lastLine());
    this.pos += 1;
    return { name: t.value, line: t.line };
  }

  /** `commands = *command` up to a closing brace or the end. */
  commands(inBlock: boolean): SieveCommand[] {
    const list: SieveCommand[] = [];
    while (this.peek() && !(inBlock && this.isPunct('}'))) list.push(this.command());
    return list;
  }

  private command(): SieveCommand {
    const { name, line } = this.identifier();
    const { args, tests } = this.arguments();
    if (this.isPunct(';')) {
      this.pos += 1;
      return { name, line, args, tests, block: null, endLine: this.previousLine() };
    }
    this.expectPunct('{');
    this.enter(line);
    const block = this.commands(true);
    this.depth -= 1;
    this.expectPunct('}');
    return { name, line, args, tests, block, endLine: this.previousLine() };
  }

  /** `arguments = *argument [ test / test-list ]` */
  private arguments(): { args: SieveArgument[]; tests: SieveTest[] } {
    const args: SieveArgument[] = [];
    for (;;) {
      const t = this.peek();
      if (!t) break;
      if (t.kind === 'tag') args.push({ kind: 'tag', name: t.value, line: t.line });
      else if (t.kind === 'number') args.push({ kind: 'number', value: t.value, line: t.line });
      else if (t.kind === 'string')
        args.push({ kind: 'strings', values: [t.value], list: false, line: t.line });
      else if (t.kind === 'punct' && t.value === '[') {
        args.push(this.stringList());
        continue;
      } else break;
      this.pos += 1;
    }
    const tests: SieveTest[] = [];
    const t = this.peek();
    if (t?.kind === 'identifier') tests.push(this.test());
    else if (this.isPunct('(')) {
      this.pos += 1;
      tests.push(this.test());
      while (this.isPunct(',')) {
        this.pos += 1;
        tests.push(this.test());
      }
      this.expectPunct(')');
    }
    return { args, tests };
  }

  private stringList(): SieveArgument {
    const line = this.peek()?.line ?? this.lastLine();
    this.expectPunct('[');
    const values: string[] = [];
    for (;;) {
      const t = this.peek();
      if (t?.kind !== 'string') throw new SieveSyntaxError('expected a string in the list', t?.line ?? line);
      values.push(t.value);
      this.pos += 1;
      if (!this.isPunct(',')) break;
      this.pos += 1;
    }
    this.expectPunct(']');
    return { kind: 'strings', values, list: true, line };
  }

  test(): SieveTest {
    const { name, line } = this.identifier();
    this.enter(line);
    const { args, tests } = this.arguments();
    this.depth -= 1;
    return { name, line, args, tests };
  }

  private enter(line: number): void {
    this.depth += 1;
    if (this.depth > MAX_DEPTH) throw new SieveSyntaxError('nested too deeply', line);
  }

  atEnd(): boolean {
    return this.pos >= this.tokens.length;
  }

  stray(): Token | undefined {
    return this.peek();
  }
}

/** Parses a whole script; throws SieveSyntaxError with the line of the problem. */
export function parseSieve(source: string): SieveScript {
  const { tokens, comments } = tokenizeSieve(source);
  const parser = new Parser(tokens);
  const commands = parser.commands(false);
  const stray = parser.stray();
  if (stray) throw new SieveSyntaxError('unexpected "}"', stray.line);
  return { commands, comments };
}

/** Parses one test, e.g. the one Roundcube keeps in the comment of a disabled rule. */
export function parseSieveTest(source: string, line: number): SieveTest {
  const { tokens } = tokenizeSieve(source);
  const parser = new Parser(tokens.map((t) => ({ ...t, line })));
  const test = parser.test();
  if (!parser.atEnd()) throw new SieveSyntaxError('unexpected text after the test', line);
  return test;
}

/** RFC 5228 §2.4.2 quoted string: only `"` and `\` need escaping. */
export function quoteSieve(text: string): string {
  return `"${text.replace(/[\\"]/g, '\\$&')}"`;
}

/** Renders a test back to Sieve text, for warnings and for disabled rules. */
export function renderSieveTest(test: SieveTest): string {
  const parts = [test.name];
  for (const a of test.args) {
    if (a.kind === 'tag') parts.push(`:${a.name}`);
    else if (a.kind === 'number') parts.push(String(a.value));
    else parts.push(a.list ? `[${a.values.map(quoteSieve).join(', ')}]` : quoteSieve(a.values[0] ?? ''));
  }
  if (test.tests.length === 1 && test.name === 'not') parts.push(renderSieveTest(test.tests[0] as SieveTest));
  else if (test.tests.length) parts.push(`(${test.tests.map(renderSieveTest).join(', ')})`);
  return parts.join(' ');
}
