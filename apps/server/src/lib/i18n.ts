import i18next from 'i18next';
import {
  DEFAULT_LANGUAGE,
  ERROR_MESSAGES,
  LANGUAGES,
  languageFromHeader,
  type ErrorCode,
  type Language,
} from '@postline/shared/errors';
import { localizeValidationMessage } from '@postline/shared/validation-messages';
import { SERVER_TEXT_AREAS, SERVER_TEXTS, type ServerTextKey } from '../locales/resources.js';
import { lookupValidationMessage } from './validation-text.js';

export { languageFromHeader };
export type { ServerTextKey };

export type LocalizedText = Record<Language, string>;
export type TextParams = Record<string, string | number>;

/**
 * One i18next instance for the whole server, never switched to a "current" language: requests in
 * both languages run at once, so every lookup names its language.
 */
const texts = i18next.createInstance();
void texts.init({
  resources: SERVER_TEXTS,
  fallbackLng: DEFAULT_LANGUAGE,
  supportedLngs: [...LANGUAGES],
  ns: SERVER_TEXT_AREAS,
  defaultNS: false,
  initAsync: false,
  // Plain text and mail bodies, never HTML: values go in as they are.
  interpolation: { escapeValue: false },
});

/**
 * A server text (locales/<lang>/<area>.json) in one language, {{placeholders}} filled. Values go in
 * `replace` so that none is taken for an i18next option; a numeric `count` also picks the plural.
 */
export function serverText(lang: Language, key: ServerTextKey, params: TextParams = {}): string {
  const { count } = params;
  return texts.t(key, { lng: lang, replace: params, ...(typeof count === 'number' ? { count } : {}) });
}

/** Something said in every language, e.g. an error whose language is picked when it is sent. */
export function byLanguage(render: (lang: Language) => string): LocalizedText {
  return Object.fromEntries(LANGUAGES.map((lang) => [lang, render(lang)])) as LocalizedText;
}

/** A server text in every language; `params` may depend on the language when a value is a text. */
export function localizedText(
  key: ServerTextKey,
  params: TextParams | ((lang: Language) => TextParams) = {},
): LocalizedText {
  return byLanguage((lang) => serverText(lang, key, typeof params === 'function' ? params(lang) : params));
}

export function errorText(code: ErrorCode, lang: Language): string {
  return ERROR_MESSAGES[code][lang];
}

/** Fills {{name}} placeholders of a text that is not one of ours (the shared validation messages). */
function interpolate(text: string, params: TextParams = {}): string {
  return texts.services.interpolator.interpolate(text, params, DEFAULT_LANGUAGE, {});
}

/** A validation message key (from the shared schemas) in the request's language. */
export function validationText(key: string, lang: Language, params?: TextParams): string {
  const shared = localizeValidationMessage(key, lang);
  if (shared !== key) return interpolate(shared, params);
  return interpolate(lookupValidationMessage(key, lang) ?? key, params);
}
