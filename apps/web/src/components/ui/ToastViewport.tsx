import { lazy, Suspense, useSyncExternalStore } from 'react';
import { loadToastLibrary, toastRequests } from './toast';

const Toaster = lazy(() => loadToastLibrary().then((module) => ({ default: module.Toaster })));

/** The toast area at the top right (SPEC §1), mounted once the first toast is asked for. */
export function ToastViewport() {
  const requested = useSyncExternalStore(toastRequests.subscribe, toastRequests.wasRequested);
  if (!requested) return null;
  return (
    <Suspense fallback={null}>
      {/* Below the 4rem top bar, so toasts never cover the language switcher or the bell. */}
      <Toaster position="top-right" containerStyle={{ top: 72 }} />
    </Suspense>
  );
}
