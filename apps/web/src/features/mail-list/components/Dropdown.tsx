import clsx from 'clsx';
import type { ReactNode } from 'react';
import { ChevronDownIcon } from '@/components/ui/icons';
import { Popover } from '@/components/ui/Popover';

interface DropdownProps {
  label: ReactNode;
  /** Accessible name of the button when the label alone does not say enough. */
  ariaLabel?: string;
  active?: boolean;
  children: (close: () => void) => ReactNode;
  align?: 'left' | 'right';
}

/** The mail list toolbar's look for a `Popover`: a bordered button with a chevron; a choice closes it. */
export function Dropdown({ label, ariaLabel, active = false, children, align = 'right' }: DropdownProps) {
  return (
    <Popover
      trigger={
        <>
          {label}
          <ChevronDownIcon size={16} />
        </>
      }
      triggerProps={{
        'aria-label': ariaLabel,
        className: clsx(
          'inline-flex h-9 items-center gap-1.5 rounded-lg border px-3 text-sm transition-colors',
          active
            ? 'border-brand-500 bg-brand-50 text-brand-700'
            : 'border-gray-300 bg-white text-gray-700 hover:bg-gray-50',
        ),
      }}
      panelProps={{
        className: clsx(
          'absolute z-20 mt-1 min-w-52 rounded-lg border border-gray-200 bg-white py-1 shadow-lg',
          align === 'right' ? 'right-0' : 'left-0',
        ),
      }}
    >
      {({ close }) => children(close)}
    </Popover>
  );
}
