import clsx from 'clsx';
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { ChevronDownIcon } from '@/components/ui/icons';

interface DropdownProps {
  label: ReactNode;
  /** Accessible name of the button when the label alone does not say enough. */
  ariaLabel?: string;
  active?: boolean;
  children: (close: () => void) => ReactNode;
  align?: 'left' | 'right';
}

/** A button that opens a small panel; Escape, a click outside or a choice closes it. */
export function Dropdown({ label, ariaLabel, active = false, children, align = 'right' }: DropdownProps) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    const onPointer = (event: MouseEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        setOpen(false);
        buttonRef.current?.focus();
      }
    };
    document.addEventListener('mousedown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('mousedown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  return (
    <div ref={rootRef} className="relative">
      <button
        ref={buttonRef}
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        aria-label={ariaLabel}
        onClick={() => setOpen((value) => !value)}
        className={clsx(
          'inline-flex h-9 items-center gap-1.5 rounded-lg border px-3 text-sm transition-colors',
          active
            ? 'border-brand-500 bg-brand-50 text-brand-700'
            : 'border-gray-300 bg-white text-gray-700 hover:bg-gray-50',
        )}
      >
        {label}
        <ChevronDownIcon size={16} />
      </button>
      {open && (
        <div
          id={panelId}
          className={clsx(
            'absolute z-20 mt-1 min-w-52 rounded-lg border border-gray-200 bg-white py-1 shadow-lg',
            align === 'right' ? 'right-0' : 'left-0',
          )}
        >
          {children(() => setOpen(false))}
        </div>
      )}
    </div>
  );
}
