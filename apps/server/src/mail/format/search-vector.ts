/**
 * The grams of the search index (docs/ARCHITECTURE.md "Search"), made in Node for the stored
 * messages and for the query alike. Until migration 0016 the database made them, one row per
 * character in SQL: about 1 ms of its time for every message stored (issue 13).
 *
 * A gram is a pair of neighbouring word characters, or a single non-ASCII one, of the text as
 * `foldChar` folds it. Whitespace, controls and ASCII punctuation separate words.
 *
 * What keeps the index from losing an answer: a message matches a word when the database's
 * `lower()` of the text holds its `lower()` of the word (ILIKE). The fold is per character and
 * coarser than every `lower()` a database may apply (libc, ICU, a Turkish or Lithuanian locale, the
 * context of a final sigma): folding a character gives what folding any of its lowercase forms
 * gives. So if `lower(text)` holds `lower(word)`, the folded text holds the folded word, and every
 * gram of the word is one of the text's. That needs Node's Unicode to be no older than the
 * database's (Node 20 ships Unicode 15, as Debian 12's ICU does).
 *
 * Hand-written: no library folds case and accents per code point this way for an index.
 */

/** Bodies longer than this (UTF-16 units) are indexed only this far and marked '!long'. */
const INDEXED_BODY_CHARS = 100_000;

/** The lexeme of a body indexed only in part: every query also takes these as candidates. */
export const LONG_BODY_LEXEME = '!long';

const HANGUL_FIRST = 0xac00;
const HANGUL_LAST = 0xd7a3;
/** Latin, Greek and Cyrillic accents: what lowercasing adds (İ to i + dot above) or keeps (É to é). */
const DIACRITICS = /[\u0300-\u036f]/gu;
const WHITESPACE = /\s/u;
/** Distinct non-ASCII characters whose fold is kept: beyond this, each is folded every time. */
const FOLD_CACHE_LIMIT = 50_000;
const folds = new Map<number, string>();

/**
 * A character as the index sees it. ASCII letters are lowercased; Hangul syllables stay as they are;
 * any other character loses its Latin, Greek or Cyrillic accents (U+0300–U+036F, after canonical
 * decomposition; other marks, such as kana's voicing mark, stay composed) and is lowercased,
 * uppercased and lowercased again: é, É and e + ◌́ are e; İ, ı and I are i; ς, Σ and σ are σ; ẞ and
 * ß are ss. It may be several characters, or none (an accent alone).
 */
export function foldChar(char: string): string {
  const code = char.codePointAt(0)!;
  if (code < 0x80) return code >= 0x41 && code <= 0x5a ? String.fromCharCode(code + 0x20) : char;
  if (code >= HANGUL_FIRST && code <= HANGUL_LAST) return char;
  let fold = folds.get(code);
  if (fold === undefined) {
    const bare = char.normalize('NFD').replace(DIACRITICS, '').normalize('NFC');
    fold = bare
      .toLowerCase()
      .toUpperCase()
      .toLowerCase()
      .normalize('NFD')
      .replace(DIACRITICS, '')
      .normalize('NFC');
    if (folds.size < FOLD_CACHE_LIMIT) folds.set(code, fold);
  }
  return fold;
}

/** Whitespace, a control or ASCII punctuation: what separates words (before or after the fold). */
export function isSeparator(char: string): boolean {
  const code = char.codePointAt(0)!;
  if (code >= 0x80) return WHITESPACE.test(char);
  const digit = code >= 0x30 && code <= 0x39;
  const letter = (code >= 0x41 && code <= 0x5a) || (code >= 0x61 && code <= 0x7a);
  return !digit && !letter;
}

/** Whether the fold of a character is the character lowercased as ASCII is: nothing coarser. */
export function foldsExactly(char: string): boolean {
  return char.codePointAt(0)! < 0x80 || foldChar(char) === char;
}

/** ASCII characters as the index sees them: letters lowercased, digits, null for a separator. */
const ASCII_FOLDS = Array.from({ length: 0x80 }, (_, code) => {
  const char = String.fromCharCode(code);
  return isSeparator(char) ? null : foldChar(char);
});

/**
 * Adds the grams of `text` behind `prefix` to `into`; answers whether the fold was coarser than an
 * ASCII lowercasing anywhere in it (a non-ASCII character folded to something else). ASCII and
 * Hangul, nearly all of the mail, take a short way.
 */
function addGrams(into: Set<string>, text: string | null | undefined, prefix: string): boolean {
  if (!text) return false;
  let coarse = false;
  let previous: string | null = null;
  const take = (c: string, nonAscii: boolean) => {
    if (previous !== null) into.add(prefix + previous + c);
    if (nonAscii) into.add(prefix + c);
    previous = c;
  };
  for (const char of text) {
    const code = char.codePointAt(0)!;
    if (code < 0x80) {
      const c = ASCII_FOLDS[code]!;
      if (c === null) previous = null;
      else take(c, false);
    } else if (code >= HANGUL_FIRST && code <= HANGUL_LAST) take(char, true);
    else {
      const fold = foldChar(char);
      if (fold !== char) coarse = true;
      for (const c of fold) {
        if (isSeparator(c)) previous = null;
        else take(c, c.codePointAt(0)! >= 0x80);
      }
    }
  }
  return coarse;
}

/** The grams of a text, each behind `prefix`, without repeats (for tests and tools). */
export function gramsOf(text: string | null | undefined, prefix = ''): string[] {
  const grams = new Set<string>();
  addGrams(grams, text, prefix);
  return [...grams];
}

export interface SearchableText {
  subject: string;
  fromAddress: string;
  fromName: string | null;
  toText: string;
  bodyText: string;
}

export interface SearchColumns {
  /** A tsvector's text: every gram as a quoted lexeme (a gram has no quote or backslash). */
  searchVector: string;
  /**
   * Whether a candidate the grams found may still lack the word: its body is indexed in part, or
   * the fold was coarser than ASCII lowercasing somewhere in it. Such messages are checked with
   * ILIKE even where the grams answer the word exactly (search-sql.ts).
   */
  searchInexact: boolean;
}

function indexedPart(body: string): string {
  if (body.length <= INDEXED_BODY_CHARS) return body;
  const cut = body.charCodeAt(INDEXED_BODY_CHARS - 1);
  // Never half of a surrogate pair.
  return body.slice(0, cut >= 0xd800 && cut <= 0xdbff ? INDEXED_BODY_CHARS - 1 : INDEXED_BODY_CHARS);
}

/**
 * The search columns of a message: the grams of all its text, and those of its subject, sender and
 * recipients again under the prefixes s|, f| and t| (subject:, from:, to:/cc:/bcc:). No real gram
 * looks like a prefixed one, because `|` separates words.
 */
export function searchColumnsOf(message: SearchableText): SearchColumns {
  const grams = new Set<string>();
  const long = message.bodyText.length > INDEXED_BODY_CHARS;
  const sender = [message.fromAddress, message.fromName].filter((part) => part !== null).join(' ');
  const all = [message.subject, sender, message.toText, indexedPart(message.bodyText)].join(' ');
  const coarse = addGrams(grams, all, '');
  addGrams(grams, message.subject, 's|');
  addGrams(grams, sender, 'f|');
  addGrams(grams, message.toText, 't|');
  if (long) grams.add(LONG_BODY_LEXEME);
  return {
    searchVector: [...grams].map((gram) => `'${gram}'`).join(' '),
    searchInexact: long || coarse,
  };
}

/**
 * The grams a text must have to hold a query word, each behind `prefix`: none when the index cannot
 * narrow the word (punctuation, one ASCII letter). A word of several characters needs its pairs; a
 * word of one non-ASCII character, that character.
 */
export function wordGrams(word: string, prefix: string): string[] {
  const grams = new Set<string>();
  let token: string[] = [];
  const flush = () => {
    if (token.length === 1 && token[0]!.codePointAt(0)! >= 0x80) grams.add(prefix + token[0]);
    for (let i = 1; i < token.length; i++) grams.add(prefix + token[i - 1] + token[i]);
    token = [];
  };
  for (const char of word)
    for (const c of foldChar(char)) {
      if (isSeparator(c)) flush();
      else token.push(c);
    }
  flush();
  return [...grams];
}
