import type { Language } from '@postline/shared/errors';
import { SERVER_TEXTS } from '../locales/resources.js';

type MessageTable = Record<string, Record<Language, string>>;

const tables: MessageTable[] = [];

/**
 * Feature areas add their constant message tables as each app registers them; a table already
 * added is not added again, so every app instance (tests build many) may register freely.
 */
export function registerValidationMessages(table: MessageTable): void {
  if (!tables.includes(table)) tables.unshift(table);
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
