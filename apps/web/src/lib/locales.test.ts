import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ERROR_CODES, LANGUAGES } from '@postline/shared/errors';
import { I18N_AREAS } from '@/locales/areas';
import { STATUSES_WITH_TEXT } from './api-error';

const localesDir = path.join(import.meta.dirname, '../locales/');

type Catalogue = Map<string, string>;

/** Flattens a translation file to dotted keys; non-string leaves are reported as problems. */
function flatten(node: unknown, prefix: string, into: Catalogue, problems: string[]): void {
  if (typeof node === 'string') {
    if (node.trim() === '') problems.push(`${prefix} is empty`);
    into.set(prefix, node);
    return;
  }
  if (typeof node !== 'object' || node === null || Array.isArray(node)) {
    problems.push(`${prefix} is not a string or an object`);
    return;
  }
  const entries = Object.entries(node);
  if (entries.length === 0) problems.push(`${prefix} is an empty object`);
  for (const [key, value] of entries) flatten(value, prefix ? `${prefix}.${key}` : key, into, problems);
}

function load(lng: string, area: string): { keys: Catalogue; problems: string[] } {
  const file = `${localesDir}${lng}/${area}.json`;
  const keys: Catalogue = new Map();
  const problems: string[] = [];
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    return { keys, problems: [`${lng}/${area}.json is not valid JSON: ${String(error)}`] };
  }
  flatten(parsed, '', keys, problems);
  return { keys, problems: problems.map((p) => `${lng}/${area}.json: ${p}`) };
}

const placeholders = (text: string) => [...text.matchAll(/\{\{\s*(\w+)[^}]*\}\}/g)].map((m) => m[1]).sort();

describe('translation catalogues', () => {
  it.each(LANGUAGES)('%s has exactly one file per translation area', (lng) => {
    const files = readdirSync(`${localesDir}${lng}`).sort();
    expect(files).toEqual(I18N_AREAS.map((area) => `${area}.json`).sort());
  });

  it.each(I18N_AREAS)('%s: valid JSON, no empty text, same keys in ko and en', (area) => {
    for (const lng of LANGUAGES) expect(existsSync(`${localesDir}${lng}/${area}.json`)).toBe(true);
    const ko = load('ko', area);
    const en = load('en', area);
    expect([...ko.problems, ...en.problems]).toEqual([]);
    const missingInEn = [...ko.keys.keys()].filter((key) => !en.keys.has(key));
    const missingInKo = [...en.keys.keys()].filter((key) => !ko.keys.has(key));
    expect({ missingInEn, missingInKo }).toEqual({ missingInEn: [], missingInKo: [] });
  });

  it.each(I18N_AREAS)('%s: both languages use the same {{placeholders}}', (area) => {
    const ko = load('ko', area).keys;
    const en = load('en', area).keys;
    const mismatched = [...ko.entries()]
      .filter(
        ([key, text]) => en.has(key) && placeholders(text).join() !== placeholders(en.get(key) ?? '').join(),
      )
      .map(([key]) => key);
    expect(mismatched).toEqual([]);
  });

  it.each(I18N_AREAS)('%s: the Korean file is written in Korean', (area) => {
    const texts = [...load('ko', area).keys.values()];
    const korean = texts.filter((text) => /[\uAC00-\uD7A3]/.test(text));
    expect(korean.length / texts.length).toBeGreaterThan(0.6);
  });

  it('has a message for every shared error code and every HTTP status of SPEC §8', () => {
    for (const lng of LANGUAGES) {
      const common = load(lng, 'common').keys;
      const required = [
        ...ERROR_CODES.map((code) => `errors.${code}`),
        ...STATUSES_WITH_TEXT.map((status) => `http.status.${status}`),
        'http.unknown',
        'http.timeout',
        'http.network',
        'http.sessionExpired',
      ];
      expect(required.filter((key) => !common.has(key))).toEqual([]);
    }
  });
});
