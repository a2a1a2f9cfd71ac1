import { useContext, useEffect, useState, type RefObject } from 'react';
import { UNSAFE_DataRouterContext, UNSAFE_NavigationContext, useBlocker } from 'react-router';
import { ConfirmDialog } from '@/components/ui/ConfirmDialog';

interface LeaveGuardProps {
  /** Ask before leaving while this is true. */
  when: boolean;
  /** Set to true just before a navigation of the page's own (send, confirmed cancel). */
  allowRef: RefObject<boolean>;
  title: string;
  confirmLabel: string;
  cancelLabel: string;
}

interface DialogProps extends LeaveGuardProps {
  open: boolean;
  onStay: () => void;
  onLeave: () => void;
}

function LeaveDialog({ open, title, confirmLabel, cancelLabel, onStay, onLeave }: DialogProps) {
  return (
    <ConfirmDialog
      open={open}
      tone="danger"
      title={title}
      confirmLabel={confirmLabel}
      cancelLabel={cancelLabel}
      onCancel={onStay}
      onConfirm={onLeave}
    />
  );
}

/** With a data router: react-router's own blocker, which also catches Back and Forward. */
function DataRouterGuard(props: LeaveGuardProps) {
  const { when, allowRef } = props;
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      when && !allowRef.current && currentLocation.pathname !== nextLocation.pathname,
  );
  return (
    <LeaveDialog
      {...props}
      open={blocker.state === 'blocked'}
      onStay={() => blocker.reset?.()}
      onLeave={() => blocker.proceed?.()}
    />
  );
}

type NavigateCall = (...args: unknown[]) => void;

/**
 * With <BrowserRouter> (no data router, so no useBlocker): in-app navigations all go through the
 * router's navigator, so while the guard is on, push and replace ask first. The browser's own
 * Back button is not caught this way; leaving the site is, by beforeunload.
 */
function NavigatorGuard(props: LeaveGuardProps) {
  const { when, allowRef } = props;
  const { navigator } = useContext(UNSAFE_NavigationContext);
  const [pending, setPending] = useState<(() => void) | null>(null);

  useEffect(() => {
    if (!when) return;
    // The navigator is the router's history object; its methods are swapped while the form is dirty.
    const target = navigator as unknown as Record<'push' | 'replace', NavigateCall>;
    const original = { push: target.push, replace: target.replace };
    const guarded =
      (method: NavigateCall): NavigateCall =>
      (...args) => {
        if (allowRef.current) method(...args);
        else setPending(() => () => method(...args));
      };
    target.push = guarded(original.push);
    target.replace = guarded(original.replace);
    return () => {
      target.push = original.push;
      target.replace = original.replace;
    };
  }, [when, navigator, allowRef]);

  return (
    <LeaveDialog
      {...props}
      open={pending !== null}
      onStay={() => setPending(null)}
      onLeave={() => {
        const leave = pending;
        setPending(null);
        leave?.();
      }}
    />
  );
}

/** Asks before leaving a page with unsaved changes: in the app, and when closing or reloading the tab. */
export function LeaveGuard(props: LeaveGuardProps) {
  const dataRouter = useContext(UNSAFE_DataRouterContext);
  const { when } = props;

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

  return dataRouter ? <DataRouterGuard {...props} /> : <NavigatorGuard {...props} />;
}
