import { afterEach, describe, expect, it, vi } from 'vitest';
import { I18N_AREAS } from '@/locales/areas';
import { changeLanguage, i18next, i18nOptions, loadAllAreas, loadCatalogue, storedLanguage } from './i18n';

describe('i18n', () => {
  afterEach(async () => {
    await changeLanguage('ko');
  });

  it("starts with the login page's areas, with the retry policy of SPEC §1, Korean by default", () => {
    const options = i18nOptions('ko');
    expect(options).toMatchObject({ lng: 'ko', fallbackLng: 'ko', maxRetries: 5, retryTimeout: 350 });
    expect(options.ns).toEqual(['common', 'auth', 'ui']);
  });

  it('loads every area of a language from its two catalogues, Korean for an unknown language', async () => {
    const core = await loadCatalogue('ko', 'auth');
    const rest = await loadCatalogue('ko', 'mailList');
    expect(Object.keys(core).sort()).toEqual(['auth', 'common', 'ui']);
    expect([...Object.keys(core), ...Object.keys(rest)].sort()).toEqual([...I18N_AREAS].sort());
    expect(await loadCatalogue('ko', 'filters')).toBe(rest);
    expect((await loadCatalogue('en', 'common')).common).not.toEqual(core.common);
    expect(await loadCatalogue('fr', 'common')).toBe(core);
  });

  it('has every area once the signed-in screens ask for them', async () => {
    await loadAllAreas();
    for (const area of I18N_AREAS) expect(i18next.hasLoadedNamespace(area)).toBe(true);
  });

  it("starts in the language chosen before on this device, else the browser's, else Korean", () => {
    const browser = vi.spyOn(navigator, 'languages', 'get');
    browser.mockReturnValue(['en-US', 'en']);
    expect(storedLanguage()).toBe('en');
    browser.mockReturnValue(['fr-FR', 'en-GB', 'ko']);
    expect(storedLanguage()).toBe('en');
    browser.mockReturnValue(['ko-KR']);
    expect(storedLanguage()).toBe('ko');
    browser.mockReturnValue(['fr-FR', 'de']);
    expect(storedLanguage()).toBe('ko');
    localStorage.setItem('language', 'en');
    expect(storedLanguage()).toBe('en');
    localStorage.setItem('language', 'fr');
    expect(storedLanguage()).toBe('ko');
    browser.mockRestore();
  });

  it('keeps the chosen language and sets the page language', async () => {
    await changeLanguage('en');
    expect(document.documentElement.lang).toBe('en');
    expect(localStorage.getItem('language')).toBe('en');
    await changeLanguage('ko');
    expect(document.documentElement.lang).toBe('ko');
    expect(localStorage.getItem('language')).toBe('ko');
  });

  it('tells the server the chosen language in a cookie, for the page that preloads its texts', async () => {
    await changeLanguage('en');
    expect(document.cookie).toMatch(/(^|; )postline_lang=en(;|$)/);
    await changeLanguage('ko');
    expect(document.cookie).toMatch(/(^|; )postline_lang=ko(;|$)/);
  });
});
