import type { Language } from '@postline/shared/errors';
import { AppError } from '../../lib/errors.js';
import { localizedText, serverText } from '../../lib/i18n.js';

export const templateNotFound = () => new AppError(404, 'TEMPLATE_NOT_FOUND');

export const categoryNotFound = () =>
  new AppError(404, 'NOT_FOUND', { text: localizedText('templates:categoryNotFound') });

export const categoryNameTaken = () =>
  new AppError(409, 'CONFLICT', { text: localizedText('templates:categoryNameTaken') });

export const defaultCategoryUndeletable = () =>
  new AppError(409, 'CONFLICT', { text: localizedText('templates:defaultCategoryUndeletable') });

/**
 * A copy's name: 'X (copy)' / 'X (사본)', the original shortened so the whole stays within `max`
 * (UTF-16 units, as the schemas count), never splitting a character.
 */
export function copyName(name: string, lang: Language, max: number): string {
  const suffix = serverText(lang, 'templates:copySuffix');
  if (name.length + suffix.length <= max) return `${name}${suffix}`;
  let base = '';
  for (const ch of name) {
    if (base.length + ch.length + suffix.length > max) break;
    base += ch;
  }
  return `${base.trimEnd()}${suffix}`;
}
