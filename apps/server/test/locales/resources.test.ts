import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { LANGUAGES, type Language } from '@postline/shared/errors';
import { SERVER_TEXT_AREAS } from '../../src/locales/resources.js';

/** The server's texts get the same checks as the web's catalogues (apps/web/src/lib/locales.test.ts). */
const localesDir = path.join(import.meta.dirname, '../../src/locales');

const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/;

/** Dotted key -> text; a plural's forms (`matched_one`, `matched_other`) are grouped under one key. */
interface Catalogue {
  texts: Map<string, string[]>;
  pluralForms: Map<string, string[]>;
  problems: string[];
}

function load(lng: Language, area: string): Catalogue {
  const catalogue: Catalogue = { texts: new Map(), pluralForms: new Map(), problems: [] };
  const file = path.join(localesDir, lng, `${area}.json`);
  const walk = (node: unknown, prefix: string) => {
    if (typeof node === 'string') {
      if (node.trim() === '') catalogue.problems.push(`${lng}/${area}.json: ${prefix} is empty`);
      const form = PLURAL_SUFFIX.exec(prefix)?.[1];
      const key = form ? prefix.slice(0, -form.length - 1) : prefix;
      catalogue.texts.set(key, [...(catalogue.texts.get(key) ?? []), node]);
      if (form) catalogue.pluralForms.set(key, [...(catalogue.pluralForms.get(key) ?? []), form].sort());
      return;
    }
    if (typeof node !== 'object' || node === null || Array.isArray(node) || Object.keys(node).length === 0) {
      catalogue.problems.push(`${lng}/${area}.json: ${prefix} is not a text or a group of texts`);
      return;
    }
    for (const [key, value] of Object.entries(node)) walk(value, prefix ? `${prefix}.${key}` : key);
  };
  try {
    walk(JSON.parse(readFileSync(file, 'utf8')), '');
  } catch (error) {
    catalogue.problems.push(`${lng}/${area}.json is not valid JSON: ${String(error)}`);
  }
  return catalogue;
}

/** The {{placeholders}} of all forms of a text, each once. */
const placeholders = (texts: string[] = []) =>
  [...new Set(texts.flatMap((text) => [...text.matchAll(/\{\{\s*(\w+)[^}]*\}\}/g)].map((m) => m[1])))].sort();

describe('server text resources', () => {
  it.each(LANGUAGES)('%s has exactly one file per area, and each is loaded', (lng) => {
    const files = readdirSync(path.join(localesDir, lng)).sort();
    expect(files).toEqual(SERVER_TEXT_AREAS.map((area) => `${area}.json`).sort());
  });

  it.each(SERVER_TEXT_AREAS)('%s: valid JSON, no empty text, same keys in ko and en', (area) => {
    const ko = load('ko', area);
    const en = load('en', area);
    expect([...ko.problems, ...en.problems]).toEqual([]);
    const missingInEn = [...ko.texts.keys()].filter((key) => !en.texts.has(key));
    const missingInKo = [...en.texts.keys()].filter((key) => !ko.texts.has(key));
    expect({ missingInEn, missingInKo }).toEqual({ missingInEn: [], missingInKo: [] });
  });

  it.each(SERVER_TEXT_AREAS)('%s: both languages use the same {{placeholders}}', (area) => {
    const ko = load('ko', area).texts;
    const en = load('en', area).texts;
    const mismatched = [...ko.keys()].filter(
      (key) => placeholders(ko.get(key)).join() !== placeholders(en.get(key)).join(),
    );
    expect(mismatched).toEqual([]);
  });

  it.each(SERVER_TEXT_AREAS)('%s: a plural has exactly the forms its language needs', (area) => {
    const wrong: string[] = [];
    for (const lng of LANGUAGES) {
      const needed = [...new Intl.PluralRules(lng).resolvedOptions().pluralCategories].sort();
      for (const [key, forms] of load(lng, area).pluralForms) {
        if (forms.join() !== needed.join()) wrong.push(`${lng}: ${key} has ${forms.join()}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it.each(SERVER_TEXT_AREAS)('%s: the Korean file is written in Korean', (area) => {
    const texts = [...load('ko', area).texts.values()].flat();
    const korean = texts.filter((text) => /[\uAC00-\uD7A3]/.test(text));
    expect(korean.length / texts.length).toBeGreaterThan(0.6);
  });
});
