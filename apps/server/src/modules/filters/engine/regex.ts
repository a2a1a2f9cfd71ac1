import { RE2JS } from 're2js';

/*
 * User patterns run through RE2 (re2js): matching is linear in the input, so a pattern such as
 * (a+)+$ cannot stall delivery the way it would with JavaScript's backtracking RegExp. The syntax
 * is RE2's (https://github.com/google/re2/wiki/Syntax): no lookaround, no backreferences.
 */

const CACHE_LIMIT = 1000;
const cache = new Map<string, RE2JS>();

/** Compiles once per pattern and case mode; throws RE2JSSyntaxException on a bad pattern. */
export function compileFilterRegex(pattern: string, caseSensitive: boolean): RE2JS {
  const key = `${caseSensitive ? 's' : 'i'}:${pattern}`;
  const hit = cache.get(key);
  if (hit) {
    // Re-insert so the map's order stays least-recently-used first.
    cache.delete(key);
    cache.set(key, hit);
    return hit;
  }
  const compiled = RE2JS.compile(pattern, caseSensitive ? 0 : RE2JS.CASE_INSENSITIVE);
  if (cache.size >= CACHE_LIMIT) {
    const oldest = cache.keys().next().value;
    if (oldest !== undefined) cache.delete(oldest);
  }
  cache.set(key, compiled);
  return compiled;
}

/** Null when the pattern compiles in RE2 syntax, else RE2's description of the problem. */
export function validateRegex(pattern: string): string | null {
  try {
    compileFilterRegex(pattern, true);
    return null;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}

/** Escapes text so RE2 reads it literally. */
export function quoteRegex(text: string): string {
  return text.replace(/[\\.+*?()|[\]{}^$]/g, '\\$&');
}
