import { AppError } from '../../lib/errors.js';

export const templateNotFound = () => new AppError(404, 'TEMPLATE_NOT_FOUND');

export const categoryNotFound = () =>
  new AppError(404, 'NOT_FOUND', { text: { ko: '카테고리를 찾을 수 없습니다.', en: 'Category not found.' } });

export const categoryNameTaken = () =>
  new AppError(409, 'CONFLICT', {
    text: { ko: '같은 이름의 카테고리가 이미 있습니다.', en: 'A category with this name already exists.' },
  });

export const defaultCategoryUndeletable = () =>
  new AppError(409, 'CONFLICT', {
    text: { ko: '기본 카테고리는 삭제할 수 없습니다.', en: 'A built-in category cannot be deleted.' },
  });

/** PostgreSQL's unique_violation, whichever driver (and Drizzle's wrapper) carried it. */
export function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === '23505') return true;
  }
  return false;
}

/**
 * A copy's name: 'X (copy)' / 'X (사본)', the original shortened so the whole stays within `max`
 * (UTF-16 units, as the schemas count), never splitting a character.
 */
export function copyName(name: string, lang: 'ko' | 'en', max: number): string {
  const suffix = lang === 'ko' ? ' (사본)' : ' (copy)';
  if (name.length + suffix.length <= max) return `${name}${suffix}`;
  let base = '';
  for (const ch of name) {
    if (base.length + ch.length + suffix.length > max) break;
    base += ch;
  }
  return `${base.trimEnd()}${suffix}`;
}
