import { afterEach, describe, expect, it, vi } from 'vitest';
import { I18N_AREAS } from '@postline/shared/limits';
import { changeLanguage, i18nOptions, loadCatalogue, storedLanguage } from './i18n';

describe('i18n', () => {
  afterEach(async () => {
    await changeLanguage('ko');
  });

  it('loads all 13 areas with the retry policy of SPEC §1, Korean by default', () => {
    const options = i18nOptions('ko');
    expect(options).toMatchObject({ lng: 'ko', fallbackLng: 'ko', maxRetries: 5, retryTimeout: 350 });
    expect(options.ns).toEqual([...I18N_AREAS]);
    expect(options.ns).toHaveLength(13);
  });

  it('loads every area of a language from its one catalogue, Korean for an unknown language', async () => {
    const ko = await loadCatalogue('ko');
    expect(Object.keys(ko).sort()).toEqual([...I18N_AREAS].sort());
    expect((await loadCatalogue('en')).common).not.toEqual(ko.common);
    expect(await loadCatalogue('fr')).toBe(ko);
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
