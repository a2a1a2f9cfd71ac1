import { lazy, Suspense, useSyncExternalStore } from 'react';
import { useMediaQuery } from '@/lib/use-media-query';
import { loadToastLibrary, toastRequests } from './toast';

const Toaster = lazy(() => loadToastLibrary().then((module) => ({ default: module.Toaster })));

/** Phones: the screen is one column wide, so a toast at the top would sit on the page's heading. */
const PHONE = '(max-width: 39.999rem)';

/**
 * The toast area, mounted once the first toast is asked for: at the top right (SPEC §1) below the
 * 4rem top bar, so toasts never cover the language switcher or the bell; on a phone at the bottom,
 * above the floating compose button, as phone mail apps show them (issue 34: the sign-in toast
 * covered the dashboard's heading). Every toast, the notifications' too, takes this position.
 */
export function ToastViewport() {
  const requested = useSyncExternalStore(toastRequests.subscribe, toastRequests.wasRequested);
  const phone = useMediaQuery(PHONE);
  if (!requested) return null;
  return (
    <Suspense fallback={null}>
      <Toaster
        position={phone ? 'bottom-center' : 'top-right'}
        containerStyle={phone ? { bottom: 96 } : { top: 72 }}
        gutter={8}
      />
    </Suspense>
  );
}
