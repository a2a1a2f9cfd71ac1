import i18next, { type InitOptions } from 'i18next';
import HttpBackend from 'i18next-http-backend';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '@postline/shared/errors';
import {
  I18N_AREAS,
  I18N_MAX_PARALLEL_READS,
  I18N_MAX_RETRIES,
  I18N_RETRY_DELAY_MS,
} from '@postline/shared/limits';
import { STORAGE_KEYS } from './contract-constants';

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/** The language the user chose last time, else Korean (SPEC §1). */
export function storedLanguage(): Language {
  try {
    const value = localStorage.getItem(STORAGE_KEYS.language);
    return isLanguage(value) ? value : DEFAULT_LANGUAGE;
  } catch {
    // Private modes may forbid storage; the default language still works.
    return DEFAULT_LANGUAGE;
  }
}

export function currentLanguage(): Language {
  const lng = i18next.resolvedLanguage ?? i18next.language;
  return isLanguage(lng) ? lng : DEFAULT_LANGUAGE;
}

function applyLanguage(lng: string): void {
  if (!isLanguage(lng)) return;
  document.documentElement.lang = lng;
  try {
    localStorage.setItem(STORAGE_KEYS.language, lng);
  } catch {
    // Not persisting is acceptable: the switch still applies to this visit.
  }
}

// Registered on import so that every language change, whoever starts it, is kept and announced.
i18next.on('languageChanged', applyLanguage);

let started: Promise<unknown> | undefined;

/** SPEC §1: 13 areas over HTTP, Korean default and fallback, 10 parallel reads, 5 retries from 350 ms. */
export function i18nOptions(lng: Language): InitOptions {
  return {
    lng,
    fallbackLng: DEFAULT_LANGUAGE,
    supportedLngs: [...LANGUAGES],
    load: 'languageOnly',
    ns: [...I18N_AREAS],
    defaultNS: 'common',
    fallbackNS: 'common',
    maxParallelReads: I18N_MAX_PARALLEL_READS,
    maxRetries: I18N_MAX_RETRIES,
    retryTimeout: I18N_RETRY_DELAY_MS,
    backend: { loadPath: '/locales/{{lng}}/{{ns}}.json' },
    interpolation: { escapeValue: false },
    react: { useSuspense: true },
  };
}

/** Starts translation loading once; components suspend until the first areas arrive. */
export function startI18n(): Promise<unknown> {
  if (started) return started;
  const lng = storedLanguage();
  applyLanguage(lng);
  started = i18next.use(HttpBackend).use(initReactI18next).init(i18nOptions(lng));
  return started;
}

export function changeLanguage(lng: Language): Promise<unknown> {
  return i18next.changeLanguage(lng);
}

export { i18next };
