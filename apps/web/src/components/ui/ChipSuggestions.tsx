import clsx from 'clsx';
import { useTranslation } from 'react-i18next';
import type { ChipSuggestion } from './chip-suggestions';

interface ChipSuggestionsProps {
  id: string;
  items: ChipSuggestion[];
  active: number;
  onPick: (item: ChipSuggestion) => void;
}

export const optionId = (listId: string, index: number) => `${listId}-option-${index}`;

/**
 * The listbox under a recipient field (ARIA combobox pattern): the focus stays in the input, which
 * names the active option; a click picks without taking the focus (or ending an IME's syllable
 * into a chip of its own: the field drops what the IME commits after a pick).
 */
export function ChipSuggestions({ id, items, active, onPick }: ChipSuggestionsProps) {
  const { t } = useTranslation('ui');
  return (
    <ul
      id={id}
      role="listbox"
      aria-label={t('chips.suggestions')}
      className="absolute top-full right-0 left-0 z-30 mt-1 max-h-72 overflow-y-auto rounded-lg border border-gray-200 bg-white py-1 shadow-lg"
    >
      {items.map((item, index) => (
        <li
          key={item.key}
          id={optionId(id, index)}
          role="option"
          aria-selected={index === active}
          onMouseDown={(event) => event.preventDefault()}
          onClick={() => onPick(item)}
          className={clsx(
            'flex cursor-pointer items-baseline gap-2 px-3 py-2 text-sm',
            index === active ? 'bg-brand-50 text-brand-800' : 'text-gray-800 hover:bg-gray-50',
          )}
        >
          <bdi className="min-w-0 truncate font-medium">{item.label}</bdi>
          <span className="min-w-0 truncate text-xs text-gray-500">
            {item.groupSize !== undefined ? t('chips.group', { count: item.groupSize }) : item.detail}
          </span>
        </li>
      ))}
    </ul>
  );
}
