import clsx from 'clsx';
import { useEffect, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { Popover, type PopoverControls } from './Popover';

export interface MenuItem {
  label: string;
  onSelect: () => void;
  tone?: 'default' | 'danger';
}

interface MenuProps {
  /** The button's accessible name ("Manage folder 프로젝트"). */
  label: string;
  icon: ReactNode;
  items: MenuItem[];
  className?: string;
}

/**
 * A button that opens a menu of actions (WAI-ARIA menu button): arrows move between items, Enter
 * picks one, Escape, Tab or a click outside closes it and focus returns to the button.
 */
export function Menu({ label, icon, items, className }: MenuProps) {
  return (
    <Popover
      trigger={icon}
      openOnArrowDown
      triggerProps={{
        'aria-label': label,
        title: label,
        'aria-haspopup': 'menu',
        className: clsx(
          'rounded-full p-1 text-gray-500 hover:bg-gray-200 focus-visible:bg-gray-200',
          className,
        ),
      }}
      panelProps={{
        role: 'menu',
        'aria-label': label,
        className:
          'absolute right-0 z-50 mt-1 min-w-40 rounded-lg border border-gray-200 bg-white py-1 shadow-lg',
      }}
    >
      {(controls) => <MenuItems items={items} controls={controls} />}
    </Popover>
  );
}

function MenuItems({ items, controls }: { items: MenuItem[]; controls: PopoverControls }) {
  const itemRefs = useRef<Array<HTMLButtonElement | null>>([]);

  useEffect(() => {
    itemRefs.current[0]?.focus();
  }, []);

  function onKeyDown(event: KeyboardEvent<HTMLButtonElement>, index: number) {
    const count = items.length;
    const moves: Record<string, number> = {
      ArrowDown: (index + 1) % count,
      ArrowUp: (index - 1 + count) % count,
      Home: 0,
      End: count - 1,
    };
    const target = moves[event.key];
    if (event.key === 'Tab') {
      event.preventDefault();
      controls.dismiss();
    } else if (target !== undefined) {
      event.preventDefault();
      itemRefs.current[target]?.focus();
    }
  }

  return items.map((item, index) => (
    <button
      key={item.label}
      ref={(element) => {
        itemRefs.current[index] = element;
      }}
      type="button"
      role="menuitem"
      tabIndex={-1}
      onKeyDown={(event) => onKeyDown(event, index)}
      onClick={() => {
        controls.close();
        item.onSelect();
      }}
      className={clsx(
        'block w-full px-3 py-2 text-left text-sm hover:bg-gray-100 focus:bg-gray-100 focus:outline-none',
        item.tone === 'danger' ? 'text-red-600' : 'text-gray-700',
      )}
    >
      {item.label}
    </button>
  ));
}
