import type { Language } from '@postline/shared/errors';
import { SERVER_TEXTS } from '../locales/resources.js';

type MessageTable = Record<string, Record<Language, string>>;

const tables: MessageTable[] = [];

/** Feature areas add their message tables at import time (e.g. the shared validation messages). */
export function registerValidationMessages(table: MessageTable): void {
  tables.unshift(table);
}

/**
 * A registered table's text, else one of zod's own issue codes (locales/<lang>/validation.json) for
 * when a schema gives no message key of its own.
 */
export function lookupValidationMessage(key: string, lang: Language): string | undefined {
  for (const table of tables) {
    const entry = table[key];
    if (entry) return entry[lang];
  }
  const generic: Record<string, string> = SERVER_TEXTS[lang].validation;
  return Object.hasOwn(generic, key) ? generic[key] : undefined;
}
