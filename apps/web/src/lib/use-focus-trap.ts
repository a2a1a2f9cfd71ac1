import { useEffect, useRef, type RefObject } from 'react';

export const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

interface FocusTrapOptions {
  /** What to focus first; by default the first focusable element of `firstFrom`, else the container. */
  initialFocusRef?: RefObject<HTMLElement | null> | undefined;
  /** Where to look for the first field (a dialog's body rather than its close button). */
  firstFrom?: RefObject<HTMLElement | null> | undefined;
  onEscape?: () => void;
}

/**
 * The traps active now, the latest last: only the top one answers keys, so a dialog opened over
 * another (the "keep writing?" question over a reply) keeps Tab and Escape to itself.
 */
const activeTraps: object[] = [];

/**
 * While `active`, focus moves into the container, Tab and Shift+Tab stay inside it, Escape calls
 * onEscape, and focus returns where it was when it ends. Used by dialogs and the mobile drawer.
 */
export function useFocusTrap(
  containerRef: RefObject<HTMLElement | null>,
  active: boolean,
  { initialFocusRef, firstFrom, onEscape }: FocusTrapOptions = {},
): void {
  const onEscapeRef = useRef(onEscape);
  onEscapeRef.current = onEscape;

  useEffect(() => {
    if (!active) return;
    const container = containerRef.current;
    const previouslyFocused = document.activeElement as HTMLElement | null;
    const first =
      initialFocusRef?.current ??
      firstFrom?.current?.querySelector<HTMLElement>(FOCUSABLE) ??
      container?.querySelector<HTMLElement>(FOCUSABLE) ??
      container;
    first?.focus();
    const trap = {};
    activeTraps.push(trap);

    function onKeyDown(event: KeyboardEvent) {
      if (activeTraps[activeTraps.length - 1] !== trap) return;
      if (event.key === 'Escape' && onEscapeRef.current) {
        event.stopPropagation();
        onEscapeRef.current();
        return;
      }
      if (event.key !== 'Tab' || !container) return;
      const focusable = [...container.querySelectorAll<HTMLElement>(FOCUSABLE)];
      const firstEl = focusable[0];
      const lastEl = focusable[focusable.length - 1];
      if (!firstEl || !lastEl) return;
      const inside = container.contains(document.activeElement);
      if (event.shiftKey && (document.activeElement === firstEl || !inside)) {
        event.preventDefault();
        lastEl.focus();
      } else if (!event.shiftKey && (document.activeElement === lastEl || !inside)) {
        event.preventDefault();
        firstEl.focus();
      }
    }
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      activeTraps.splice(activeTraps.indexOf(trap), 1);
      previouslyFocused?.focus?.();
    };
  }, [active, containerRef, initialFocusRef, firstFrom]);
}
