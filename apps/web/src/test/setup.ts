import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import i18next from 'i18next';
import { afterEach } from 'vitest';
import { initTestI18n } from './i18n';

// jsdom has no matchMedia; react-hot-toast asks it about reduced motion.
window.matchMedia ??= (query: string) =>
  ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => undefined,
    removeListener: () => undefined,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    dispatchEvent: () => false,
  }) satisfies MediaQueryList;

await initTestI18n();

afterEach(async () => {
  cleanup();
  localStorage.clear();
  if (i18next.language !== 'ko') await i18next.changeLanguage('ko');
});
