import clsx from 'clsx';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import {
  nextMessageSort,
  SORT_FIELDS,
  type MessageSort,
  type SortField,
} from '@postline/shared/message-sort';
import { parseFolder } from '../list-params';
import { Dropdown } from './Dropdown';
import { ArrowDownIcon, ArrowUpIcon } from '@/components/ui/icons';

interface SortMenuProps {
  sort: MessageSort;
  onChange: (sort: MessageSort) => void;
}

/**
 * The sort dropdown (SPEC §2): picking the current field flips its direction; another field
 * starts ascending, except the date, which starts newest first.
 */
export function SortMenu({ sort, onChange }: SortMenuProps) {
  const { t } = useTranslation('mailList');
  // The date a list is sorted by is when mail came, when it was sent (Sent), last saved (Drafts) or
  // will go (Scheduled): the server keeps each in the one date column, and the label says which.
  const folder = parseFolder(useParams().folder);
  const type = folder?.kind === 'system' ? folder.type : undefined;
  const dateKeys: Partial<Record<string, string>> = {
    SENT: 'sort.sentAt',
    DRAFTS: 'sort.savedAt',
    SCHEDULED: 'sort.sendAt',
  };
  const dateKey = (type && dateKeys[type]) ?? 'sort.receivedAt';
  const fieldLabel = (field: SortField) => (field === 'receivedAt' ? t(dateKey) : t(`sort.${field}`));
  const direction = t(`sort.${sort.direction}`);
  const Arrow = sort.direction === 'asc' ? ArrowUpIcon : ArrowDownIcon;
  return (
    <Dropdown
      ariaLabel={t('sort.button', { field: fieldLabel(sort.field), direction })}
      label={
        <>
          <span className="hidden sm:inline">{fieldLabel(sort.field)}</span>
          <Arrow size={15} />
        </>
      }
    >
      {(close) => (
        <ul aria-label={t('sort.label')}>
          {SORT_FIELDS.map((field) => {
            const current = field === sort.field;
            return (
              <li key={field}>
                <button
                  type="button"
                  aria-pressed={current}
                  onClick={() => {
                    onChange(nextMessageSort(sort, field));
                    close();
                  }}
                  className={clsx(
                    'flex w-full items-center justify-between gap-4 px-4 py-2 text-left text-sm hover:bg-gray-50',
                    current ? 'font-semibold text-brand-700' : 'text-gray-700',
                  )}
                >
                  {fieldLabel(field)}
                  {current && (
                    <span className="inline-flex items-center gap-1 text-xs font-normal text-gray-500">
                      {direction}
                      <Arrow size={14} />
                    </span>
                  )}
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </Dropdown>
  );
}
