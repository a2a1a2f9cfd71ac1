import {
  createContext,
  Suspense,
  useCallback,
  useContext,
  useEffect,
  useState,
  type ReactNode,
  type RefObject,
} from 'react';
import { useBlocker, type BlockerFunction } from 'react-router';
import { lazyScreen } from '@/lib/lazy-screen';

// The host is on every screen, the login page too; the dialog (modal, focus trap, icons) is needed
// only once a form is dirty, so its code loads then, when it is not there already.
const ConfirmDialog = lazyScreen(() => import('@/components/ui/ConfirmDialog').then((m) => m.ConfirmDialog));
const UnsavedChangesDialog = lazyScreen(() =>
  import('@/components/ui/UnsavedChangesDialog').then((m) => m.UnsavedChangesDialog),
);

interface LeaveTexts {
  title: string;
  confirmLabel: string;
  cancelLabel: string;
  message?: string | undefined;
}

/**
 * A writer's third choice (issue 34): besides staying and leaving (confirmLabel, which then throws
 * the writing away through onDiscard), save a draft and leave. onSave answers whether it saved.
 */
export interface LeaveSaving {
  saveLabel: string;
  onSave: () => Promise<boolean>;
  onDiscard: () => Promise<void> | void;
}

interface LeaveGuardProps extends LeaveTexts {
  /** Ask before leaving while this is true. */
  when: boolean;
  /** Set to true just before a navigation of the page's own (send, confirmed cancel). */
  allowRef: RefObject<boolean>;
  saving?: LeaveSaving | undefined;
}

/** A guard with unsaved changes, as registered with the host. */
interface DirtyGuard extends LeaveTexts {
  allowRef: RefObject<boolean>;
  saving?: LeaveSaving | undefined;
}

const DirtyGuards = createContext<Set<DirtyGuard> | null>(null);

/**
 * The one react-router blocker of the app: a router consults only its most recent blocker, so
 * guards do not each call useBlocker but register here, and any of them with unsaved changes holds
 * back links, navigate() calls and the browser's Back and Forward buttons. The dialog shows the
 * texts of the first guard that holds it back. Needs a data router (createBrowserRouter).
 */
export function LeaveGuardHost({ children }: { children: ReactNode }) {
  // A set that lives as long as the host; guards add and remove themselves from their effects.
  const [guards] = useState(() => new Set<DirtyGuard>());
  const shouldBlock = useCallback<BlockerFunction>(
    ({ currentLocation, nextLocation }) =>
      currentLocation.pathname !== nextLocation.pathname &&
      [...guards].some((guard) => !guard.allowRef.current),
    [guards],
  );
  const blocker = useBlocker(shouldBlock);
  const shown =
    blocker.state === 'blocked' ? [...guards].find((guard) => !guard.allowRef.current) : undefined;
  return (
    <DirtyGuards.Provider value={guards}>
      {children}
      {shown?.saving && (
        <Suspense fallback={null}>
          <UnsavedChangesDialog
            open
            title={shown.title}
            message={shown.message}
            keepLabel={shown.cancelLabel}
            saveLabel={shown.saving.saveLabel}
            discardLabel={shown.confirmLabel}
            onKeep={() => blocker.reset?.()}
            onSave={async () => {
              if (await shown.saving?.onSave()) blocker.proceed?.();
              else blocker.reset?.();
            }}
            onDiscard={async () => {
              await shown.saving?.onDiscard();
              blocker.proceed?.();
            }}
          />
        </Suspense>
      )}
      {shown && !shown.saving && (
        <Suspense fallback={null}>
          <ConfirmDialog
            open
            tone="danger"
            title={shown.title}
            message={shown.message}
            confirmLabel={shown.confirmLabel}
            cancelLabel={shown.cancelLabel}
            onCancel={() => blocker.reset?.()}
            onConfirm={() => blocker.proceed?.()}
          />
        </Suspense>
      )}
    </DirtyGuards.Provider>
  );
}

/**
 * Asks before leaving a page with unsaved changes: inside the app through the LeaveGuardHost above
 * it (without one, as in a screen's unit test, only the tab is guarded), and when closing or
 * reloading the tab through the browser's own beforeunload prompt.
 */
export function LeaveGuard({
  when,
  allowRef,
  title,
  message,
  confirmLabel,
  cancelLabel,
  saving,
}: LeaveGuardProps) {
  const guards = useContext(DirtyGuards);

  useEffect(() => {
    if (!when || !guards) return;
    void (saving ? UnsavedChangesDialog : ConfirmDialog).preload();
    const guard: DirtyGuard = { allowRef, title, message, confirmLabel, cancelLabel, saving };
    guards.add(guard);
    return () => void guards.delete(guard);
  }, [when, guards, allowRef, title, message, confirmLabel, cancelLabel, saving]);

  useEffect(() => {
    if (!when) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers show the prompt only when returnValue is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [when]);

  return null;
}
