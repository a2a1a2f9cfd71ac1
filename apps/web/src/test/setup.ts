import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import i18next from 'i18next';
import { afterEach } from 'vitest';
import { resetMergedMail } from '@/features/mail/arrived';
import { queryClient } from '@/lib/query-client';
import { initTestI18n } from './i18n';

// jsdom has no matchMedia; react-hot-toast asks it about reduced motion, the layout whether the
// screen is wide enough for the sidebar. Tests see a wide screen that asks for full motion.
window.matchMedia ??= (query: string) =>
  ({
    matches: query.includes('min-width'),
    media: query,
    onchange: null,
    addListener: () => undefined,
    removeListener: () => undefined,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    dispatchEvent: () => false,
  }) satisfies MediaQueryList;

// jsdom lays nothing out, so it has no ResizeObserver; nothing ever resizes there anyway.
window.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};

// findBy and waitFor wait up to this long for what the user would see; 1 s is short on a busy machine.
// Every render runs under StrictMode, as the app does (main.tsx): effects run, clean up and run
// again, so a component that does not clean up after itself fails here, not in a user's browser.
configure({ asyncUtilTimeout: 5_000, reactStrictMode: true });

await initTestI18n();

// The app's retry rule, without the second's wait before a retry.
queryClient.setDefaultOptions({
  ...queryClient.getDefaultOptions(),
  queries: { ...queryClient.getDefaultOptions().queries, retryDelay: 0 },
});

afterEach(async () => {
  cleanup();
  // One case's server state must not show in the next.
  queryClient.clear();
  resetMergedMail();
  // react-hot-toast keeps its toasts in a module store that outlives the unmounted <Toaster />:
  // without this, a toast of one case is still on screen in the next and doubles its texts.
  const { toast } = await import('react-hot-toast');
  toast.remove();
  localStorage.clear();
  if (i18next.language !== 'ko') await i18next.changeLanguage('ko');
});
