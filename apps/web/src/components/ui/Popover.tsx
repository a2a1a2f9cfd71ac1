import {
  useEffect,
  useId,
  useRef,
  useState,
  type ComponentPropsWithoutRef,
  type KeyboardEvent,
  type ReactNode,
} from 'react';

export interface PopoverControls {
  /** Closes the panel, leaving focus where the user put it (a choice was made). */
  close: () => void;
  /** Closes the panel and puts focus back on the trigger (the user backed out). */
  dismiss: () => void;
}

interface PopoverProps {
  /** The trigger button's content. */
  trigger: ReactNode;
  /** The trigger's accessible name, title, style and the like. */
  triggerProps?: Omit<ComponentPropsWithoutRef<'button'>, 'children' | 'type' | 'onClick'>;
  /** The panel's role, name and style. */
  panelProps?: Omit<ComponentPropsWithoutRef<'div'>, 'children' | 'id'>;
  /** ArrowDown on the trigger opens the panel too (menu buttons). */
  openOnArrowDown?: boolean;
  /** Called each time the panel opens. */
  onOpen?: () => void;
  children: (controls: PopoverControls) => ReactNode;
}

/**
 * A button that opens a panel below it: a click outside closes it, Escape closes it and returns focus
 * to the button. Every dropdown of the app is one of these (the menus through `Menu`).
 *
 * Written by hand rather than taken from Headless UI, Radix or Floating UI: the behaviour is two
 * document listeners, and the inbox route's JavaScript budget (150 kB gzip) has no room for a library.
 */
export function Popover({
  trigger,
  triggerProps,
  panelProps,
  openOnArrowDown,
  onOpen,
  children,
}: PopoverProps) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const onOpenRef = useRef(onOpen);
  onOpenRef.current = onOpen;

  useEffect(() => {
    if (!open) return;
    onOpenRef.current?.();
    const onPointerDown = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    // Capture phase, and no further: a dialog or drawer holding the popover must stay open.
    const onKeyDown = (event: globalThis.KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      event.stopPropagation();
      setOpen(false);
      triggerRef.current?.focus();
    };
    document.addEventListener('pointerdown', onPointerDown);
    document.addEventListener('keydown', onKeyDown, true);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown);
      document.removeEventListener('keydown', onKeyDown, true);
    };
  }, [open]);

  const controls: PopoverControls = {
    close: () => setOpen(false),
    dismiss: () => {
      setOpen(false);
      triggerRef.current?.focus();
    },
  };

  function onTriggerKeyDown(event: KeyboardEvent<HTMLButtonElement>) {
    triggerProps?.onKeyDown?.(event);
    if (openOnArrowDown && event.key === 'ArrowDown') {
      event.preventDefault();
      setOpen(true);
    }
  }

  return (
    <div ref={rootRef} className="relative">
      <button
        {...triggerProps}
        ref={triggerRef}
        type="button"
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        onClick={() => setOpen((value) => !value)}
        onKeyDown={onTriggerKeyDown}
      >
        {trigger}
      </button>
      {open && (
        <div {...panelProps} id={panelId}>
          {children(controls)}
        </div>
      )}
    </div>
  );
}
