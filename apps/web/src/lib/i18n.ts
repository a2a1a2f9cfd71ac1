import i18next, { type BackendModule, type InitOptions } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LANGUAGE, LANGUAGE_COOKIE, LANGUAGES, type Language } from '@postline/shared/errors';
import { I18N_MAX_RETRIES, I18N_RETRY_DELAY_MS } from '@postline/shared/limits';
import { I18N_AREAS, type I18nArea } from '@/locales/areas';
import { catalogueOf, type Catalogue } from '@/locales/catalogue';
import { STORAGE_KEYS } from './contract-constants';

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/**
 * The first of the browser's languages (navigator.languages, most wanted first) that Postline
 * speaks, as the server reads Accept-Language; undefined when it speaks none of them.
 */
export function browserLanguage(): Language | undefined {
  const wanted = typeof navigator === 'undefined' ? [] : (navigator.languages ?? [navigator.language]);
  for (const tag of wanted) {
    const primary = (tag ?? '').toLowerCase().split('-')[0];
    if (isLanguage(primary)) return primary;
  }
  return undefined;
}

/**
 * The language the user chose last time on this device, else the browser's (an English browser
 * sees English on its first visit, issue 34), else Korean (SPEC §1). Once signed in, the account's
 * language wins (features/auth/account-language.ts).
 */
export function storedLanguage(): Language {
  let stored: string | null = null;
  try {
    stored = localStorage.getItem(STORAGE_KEYS.language);
  } catch {
    // Private modes may forbid storage; the browser's language still works.
  }
  return isLanguage(stored) ? stored : (browserLanguage() ?? DEFAULT_LANGUAGE);
}

export function currentLanguage(): Language {
  const lng = i18next.resolvedLanguage ?? i18next.language;
  return isLanguage(lng) ? lng : DEFAULT_LANGUAGE;
}

/** A year: the choice lasts as long as the local storage's. */
const LANGUAGE_COOKIE_SECONDS = 365 * 24 * 60 * 60;

function applyLanguage(lng: string): void {
  if (!isLanguage(lng)) return;
  document.documentElement.lang = lng;
  // For the server only: it sends the page that preloads this language's texts (web-app.ts).
  document.cookie = `${LANGUAGE_COOKIE}=${lng}; path=/; max-age=${LANGUAGE_COOKIE_SECONDS}; samesite=lax`;
  try {
    localStorage.setItem(STORAGE_KEYS.language, lng);
  } catch {
    // Not persisting is acceptable: the switch still applies to this visit.
  }
}

// Registered on import so that every language change, whoever starts it, is kept and announced.
i18next.on('languageChanged', applyLanguage);

let started: Promise<unknown> | undefined;

/**
 * The areas every page reads, the login page no more: i18next loads them at start. The others come
 * with the signed-in layout (loadAllAreas), so the login page does not download them (issue 33).
 */
export const CORE_AREAS: readonly I18nArea[] = ['common', 'auth', 'ui'];

type Part = 'core' | 'rest';
type Chunk = () => Promise<{ default: Record<string, Record<string, unknown>> }>;

/** Each language's two chunks of texts, by file (the build preloads them: vite.config.ts). */
const CHUNKS: Record<Language, Record<Part, Chunk>> = {
  ko: { core: () => import('@/locales/ko-core'), rest: () => import('@/locales/ko') },
  en: { core: () => import('@/locales/en-core'), rest: () => import('@/locales/en') },
};

/** Each chunk's areas by name, built once: i18next reads them area by area. */
const catalogues = new Map<string, Promise<Catalogue>>();

/**
 * A language's areas come in two hashed chunks, the core ones and the rest (issue 17: one request
 * each, compressed and cached for good, instead of a read per area that queued behind the page's
 * code); a failed load is retried 5 times from 350 ms (SPEC §1).
 */
export function loadCatalogue(lng: string, area: string): Promise<Catalogue> {
  const language = isLanguage(lng) ? lng : DEFAULT_LANGUAGE;
  const part: Part = (CORE_AREAS as readonly string[]).includes(area) ? 'core' : 'rest';
  const key = `${language} ${part}`;
  let catalogue = catalogues.get(key);
  if (!catalogue) {
    catalogue = CHUNKS[language][part]().then((module) => catalogueOf(module.default));
    // A failed load is asked for again on i18next's retry.
    catalogue.catch(() => catalogues.delete(key));
    catalogues.set(key, catalogue);
  }
  return catalogue;
}

// By hand rather than i18next-resources-to-backend: that one reports a failed load without asking
// i18next to retry it, and the retry policy is the point of these eight lines.
const catalogueBackend: BackendModule = {
  type: 'backend',
  init: () => undefined,
  read(lng, ns, callback) {
    loadCatalogue(lng, ns).then(
      (catalogue) => callback(null, catalogue[ns] ?? {}),
      // `true` asks i18next to try again (maxRetries, retryTimeout).
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), true),
    );
  },
};

/** Korean default and fallback; the core areas at start. */
export function i18nOptions(lng: Language): InitOptions {
  return {
    lng,
    fallbackLng: DEFAULT_LANGUAGE,
    supportedLngs: [...LANGUAGES],
    load: 'languageOnly',
    ns: [...CORE_AREAS],
    defaultNS: 'common',
    fallbackNS: 'common',
    maxRetries: I18N_MAX_RETRIES,
    retryTimeout: I18N_RETRY_DELAY_MS,
    interpolation: { escapeValue: false },
    react: { useSuspense: true },
  };
}

/** Starts translation loading once; components suspend until the first areas arrive. */
export function startI18n(): Promise<unknown> {
  if (started) return started;
  const lng = storedLanguage();
  applyLanguage(lng);
  started = i18next.use(catalogueBackend).use(initReactI18next).init(i18nOptions(lng));
  return started;
}

/**
 * Every area, for the signed-in screens (router.tsx loads it with their layout, so no screen waits
 * for an area of its own); a later language change loads them all in the new language too.
 */
export function loadAllAreas(): Promise<unknown> {
  return startI18n().then(() => i18next.loadNamespaces([...I18N_AREAS]));
}

export function changeLanguage(lng: Language): Promise<unknown> {
  return i18next.changeLanguage(lng);
}

export { i18next };
