import { ERROR_MESSAGES, languageFromHeader, type ErrorCode, type Language } from '@postline/shared/errors';
import { localizeValidationMessage } from '@postline/shared/validation-messages';
import { lookupValidationMessage } from './validation-text.js';

export { languageFromHeader };

export function errorText(code: ErrorCode, lang: Language): string {
  return ERROR_MESSAGES[code][lang];
}

/** Interpolates {{name}} placeholders. */
export function interpolate(text: string, params: Record<string, string | number> = {}): string {
  return text.replace(/\{\{(\w+)\}\}/g, (whole, name: string) =>
    name in params ? String(params[name]) : whole,
  );
}

/** A validation message key (from the shared schemas) in the request's language. */
export function validationText(
  key: string,
  lang: Language,
  params?: Record<string, string | number>,
): string {
  const shared = localizeValidationMessage(key, lang);
  if (shared !== key) return interpolate(shared, params);
  return interpolate(lookupValidationMessage(key, lang) ?? key, params);
}
