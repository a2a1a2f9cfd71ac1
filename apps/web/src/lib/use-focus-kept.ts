import { useCallback, useRef } from 'react';

/* Every control, disabled ones too: a control enabled by the new drawing keeps its place. */
const CONTROLS = 'a[href], button, input, select, textarea, [tabindex]';

/** Watches one box; returns what stops watching. */
function keepFocus(box: HTMLElement): () => void {
  const controls = () => [...box.querySelectorAll<HTMLElement>(CONTROLS)];
  let held = -1;
  const onFocusIn = (event: FocusEvent) => {
    held = controls().indexOf(event.target as HTMLElement);
  };
  const onFocusOut = (event: FocusEvent) => {
    const left = event.target as HTMLElement;
    // A control still in the page lost focus because the user moved it; a removed one did not.
    queueMicrotask(() => {
      if (left.isConnected) held = -1;
    });
  };
  const observer = new MutationObserver(() => {
    const active = document.activeElement;
    if (held < 0 || (active && active !== document.body)) return;
    controls()[held]?.focus();
  });
  box.addEventListener('focusin', onFocusIn);
  box.addEventListener('focusout', onFocusOut);
  observer.observe(box, { childList: true });
  return () => {
    observer.disconnect();
    box.removeEventListener('focusin', onFocusIn);
    box.removeEventListener('focusout', onFocusOut);
  };
}

/**
 * A ref for a box whose content may be drawn anew, which keeps the keyboard focus on the same
 * control. A lazily loaded part that replaces its stand-in (the filter rows once dnd-kit has come)
 * mounts new elements, and the browser drops the focus of the removed one to the page's body: a
 * keyboard or screen reader user would be thrown back to the top. The control is found again by
 * its place among the box's controls, which both drawings share.
 */
export function useFocusKeptAcrossRedraw<T extends HTMLElement>(): (box: T | null) => void {
  const stop = useRef<() => void>(undefined);
  return useCallback((box: T | null) => {
    stop.current?.();
    stop.current = box ? keepFocus(box) : undefined;
  }, []);
}
