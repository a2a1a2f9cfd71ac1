import { Suspense } from 'react';
import { BrowserRouter } from 'react-router';
import { FullScreenSpinner } from '@/components/ui/Spinner';
import { ToastViewport } from '@/components/ui/ToastViewport';
import { storedLanguage } from '@/lib/i18n';
import { ErrorBoundary } from './error-boundary';
import { AppRoutes } from './router';
import { SessionEvents } from './session-events';

// Shown before any translation has loaded, so it cannot come from the catalogues.
const LOADING_TEXT = { ko: '불러오는 중…', en: 'Loading…' } as const;

export function App() {
  return (
    <>
      <BrowserRouter>
        <ErrorBoundary>
          <Suspense fallback={<FullScreenSpinner label={LOADING_TEXT[storedLanguage()]} />}>
            <SessionEvents />
            <AppRoutes />
          </Suspense>
        </ErrorBoundary>
      </BrowserRouter>
      <ToastViewport />
    </>
  );
}
