import i18next, { type TFunction } from 'i18next';
import { useSyncExternalStore } from 'react';

/*
 * The components' texts, over i18next by hand rather than through react-i18next's hook (issue 17).
 * That hook copies the i18next instance's properties for every component that mounts and runs
 * i18next's whole translation for every call: on a phone, about a quarter of the inbox's first
 * render (docs/BENCHMARKS.md). Here all the components of an area share one `t` per language,
 * and a text is translated once per language and options. Components suspend, as with
 * react-i18next, while their areas have not loaded.
 */

type Translator = { t: TFunction; ready: boolean };

/** A text's options are kept apart in the cache's key by characters no key or option holds. */
const SEPARATOR = '\u0000';
/** Texts kept per area and language; past it the area's are dropped (texts with a subject or a name). */
const MAX_TEXTS = 2000;

let revision = 0;
const listeners = new Set<() => void>();
const translators = new Map<string, Translator>();

function changed(): void {
  revision += 1;
  translators.clear();
  for (const listener of listeners) listener();
}
i18next.on('languageChanged', changed);
i18next.on('loaded', changed);
i18next.on('failedLoading', changed);

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const currentRevision = () => revision;

/** The cache's key of a call, or undefined for one whose options are not all plain values. */
function textKey(key: unknown, options: unknown): string | undefined {
  if (typeof key !== 'string') return undefined;
  if (options === undefined) return key;
  // t(key, 'default text')
  if (typeof options === 'string') return `${key}${SEPARATOR}${options}`;
  if (typeof options !== 'object' || options === null) return undefined;
  let id = key;
  for (const [name, value] of Object.entries(options)) {
    // The type too: i18next reads a count of 1 and a count of '1' differently.
    if (typeof value !== 'string' && typeof value !== 'number' && typeof value !== 'boolean')
      return undefined;
    id += `${SEPARATOR}${name}${SEPARATOR}${typeof value}${String(value)}`;
  }
  return id;
}

function translatorOf(lng: string, areas: readonly string[]): Translator {
  const id = `${lng}${SEPARATOR}${areas.join(SEPARATOR)}`;
  let translator = translators.get(id);
  if (translator) return translator;
  const translate = i18next.getFixedT(lng, areas as string[]) as unknown as (...args: unknown[]) => unknown;
  const texts = new Map<string, unknown>();
  const t = ((...args: unknown[]) => {
    // t(key, default text, options) is translated each time.
    const cacheKey = args.length <= 2 ? textKey(args[0], args[1]) : undefined;
    if (cacheKey === undefined) return translate(...args);
    if (texts.has(cacheKey)) return texts.get(cacheKey);
    const text = translate(...args);
    if (texts.size >= MAX_TEXTS) texts.clear();
    texts.set(cacheKey, text);
    return text;
  }) as unknown as TFunction;
  const ready = i18next.isInitialized && areas.every((area) => i18next.hasLoadedNamespace(area));
  translator = { t, ready };
  translators.set(id, translator);
  return translator;
}

/**
 * `t` for an area (the first of several; the others by `area:key`), and the i18next instance.
 * Renders again when the language changes or texts arrive. `useSuspense: false` renders with the
 * keys' default texts while the areas load, for the screen that shows a failed load.
 */
export function useTranslation(
  area: string | readonly string[],
  { useSuspense = true }: { useSuspense?: boolean } = {},
): { t: TFunction; i18n: typeof i18next } {
  useSyncExternalStore(subscribe, currentRevision);
  // Before i18next has started there is nothing to load from yet (the app starts it before rendering).
  if (!i18next.isInitialized) throw new Promise((resolve) => i18next.on('initialized', resolve));
  const areas = typeof area === 'string' ? [area] : area;
  const { t, ready } = translatorOf(i18next.language, areas);
  // As react-i18next: the nearest Suspense shows its fallback until the areas have loaded.
  if (!ready && useSuspense) throw i18next.loadNamespaces(areas as string[]);
  return { t, i18n: i18next };
}
