import { QueryClientProvider } from '@tanstack/react-query';
import clsx from 'clsx';
import { Suspense, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation } from 'react-router';
import { LoadingBlock } from '@/components/ui/Spinner';
import { useLanguageSync } from '@/features/auth/hooks/use-language-sync';
import { useAuthStore } from '@/features/auth/store';
import { NotificationsRealtime } from '@/features/notifications/components/NotificationsRealtime';
import { queryClient } from '@/lib/query-client';
import { useFocusTrap } from '@/lib/use-focus-trap';
import { useMediaQuery } from '@/lib/use-media-query';
import { OfflineBanner } from './OfflineBanner';
import { Sidebar } from './Sidebar';
import { GlobalShortcuts } from './GlobalShortcuts';
import { TopBar } from './TopBar';
import { UnreadTitle } from './UnreadTitle';

/** The skip link's target. */
const MAIN_ID = 'main-content';

/** Tailwind's lg breakpoint, from which the sidebar is always shown. */
const WIDE = '(min-width: 64rem)';

/**
 * Whether the sidebar's contents are in the page: always on a wide screen, on a phone from the
 * first time the drawer opens. A closed drawer is hidden, yet rendering, styling and laying out its
 * navigation and folder tree was a good part of the first render on a phone (issue 17).
 */
function useSidebarShown(drawerOpen: boolean): boolean {
  const wide = useMediaQuery(WIDE);
  // Once shown, kept: closing the drawer must not throw away the folder tree's state.
  const opened = useRef(false);
  if (drawerOpen) opened.current = true;
  return wide || opened.current;
}

/** A fixed 16rem sidebar from the lg breakpoint; below it, a drawer behind a menu button. */
export function AppLayout() {
  const { t } = useTranslation('common');
  const [drawerOpen, setDrawerOpen] = useState(false);
  const sidebarShown = useSidebarShown(drawerOpen);
  const sidebarId = useId();
  const drawerRef = useRef<HTMLElement>(null);
  const mainRef = useRef<HTMLElement>(null);
  const { pathname } = useLocation();
  const accessToken = useAuthStore((state) => state.token);
  useLanguageSync();

  useEffect(() => setDrawerOpen(false), [pathname]);

  // The drawer is a dialog on small screens: focus moves in, Tab stays inside, Escape closes it.
  useFocusTrap(drawerRef, drawerOpen, { onEscape: () => setDrawerOpen(false) });
  // Another user may sign in next in this tab: nothing of this one's mail may show.
  useEffect(
    () =>
      useAuthStore.subscribe((state, before) => {
        if (before.token && !state.token) queryClient.clear();
      }),
    [],
  );

  return (
    <QueryClientProvider client={queryClient}>
      <div className="min-h-screen lg:pl-64 print:pl-0">
        {/* The first Tab of every page (WCAG 2.4.1): past the sidebar's links to the page itself. */}
        <a
          href={`#${MAIN_ID}`}
          onClick={(event) => {
            // Focus by hand: a hash navigation would go through the router and its leave guards.
            event.preventDefault();
            mainRef.current?.focus();
          }}
          className="sr-only focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-50 focus:rounded-lg focus:bg-white focus:px-4 focus:py-2 focus:text-sm focus:font-medium focus:text-brand-700 focus:shadow-lg focus:ring-2 focus:ring-brand-500"
        >
          {t('skipToContent')}
        </a>
        <NotificationsRealtime accessToken={accessToken} />
        <UnreadTitle />
        <GlobalShortcuts />
        {drawerOpen && (
          <div
            aria-hidden="true"
            data-testid="drawer-overlay"
            className="fixed inset-0 z-30 bg-gray-900/40 lg:hidden"
            onClick={() => setDrawerOpen(false)}
          />
        )}
        <aside
          ref={drawerRef}
          id={sidebarId}
          {...(drawerOpen ? { role: 'dialog', 'aria-modal': true, 'aria-label': t('nav.menu') } : {})}
          className={clsx(
            'fixed inset-y-0 left-0 z-40 w-64 border-r border-gray-200 transition-transform duration-200 print:hidden',
            'lg:visible lg:translate-x-0',
            drawerOpen ? 'visible translate-x-0 shadow-xl' : 'invisible -translate-x-full',
          )}
        >
          {sidebarShown && <Sidebar onClose={() => setDrawerOpen(false)} />}
        </aside>
        <div className="flex min-h-screen flex-col">
          <TopBar menuOpen={drawerOpen} onOpenMenu={() => setDrawerOpen(true)} sidebarId={sidebarId} />
          <OfflineBanner />
          <main ref={mainRef} id={MAIN_ID} tabIndex={-1} className="flex-1 px-4 py-6 outline-none lg:px-8">
            <Suspense fallback={<LoadingBlock />}>
              <Outlet />
            </Suspense>
          </main>
        </div>
      </div>
    </QueryClientProvider>
  );
}
