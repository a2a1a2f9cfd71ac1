import type { Language } from '@postline/shared/errors';
import { serverText } from '../../lib/i18n.js';

/** `X (copy)` in the request's language, cut so the whole name stays within `max`. */
export function copyName(name: string, lang: Language, max: number): string {
  const suffix = serverText(lang, 'filters:copySuffix');
  const room = Math.max(1, max - suffix.length);
  const base = name.length > room ? `${name.slice(0, room - 1)}…` : name;
  return `${base}${suffix}`;
}
