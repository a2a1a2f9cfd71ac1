import { useTranslation } from 'react-i18next';
import { hasAnyFilter, NO_FILTERS, type ListFilters } from '../list-params';
import { Dropdown } from './Dropdown';

interface FilterMenuProps {
  filters: ListFilters;
  onChange: (filters: ListFilters) => void;
}

const OPTIONS = [
  ['unread', 'filter.unreadOnly'],
  ['starred', 'filter.starredOnly'],
  ['attachment', 'filter.withAttachment'],
] as const satisfies readonly (readonly [keyof ListFilters, string])[];

/** Unread only, starred only, with attachment: ticked ones combine with AND (SPEC §2). */
export function FilterMenu({ filters, onChange }: FilterMenuProps) {
  const { t } = useTranslation('mailList');
  const count = OPTIONS.filter(([key]) => filters[key]).length;
  const active = hasAnyFilter(filters);
  return (
    <Dropdown
      active={active}
      ariaLabel={active ? t('filter.buttonActive', { count }) : t('filter.label')}
      label={
        <span>
          {t('filter.label')}
          {active && <span className="ml-1 font-semibold">{count}</span>}
        </span>
      }
    >
      {(close) => (
        <fieldset className="px-1">
          <legend className="sr-only">{t('filter.label')}</legend>
          {OPTIONS.map(([key, label]) => (
            <label
              key={key}
              className="flex cursor-pointer items-center gap-2 rounded px-3 py-2 text-sm text-gray-700 hover:bg-gray-50"
            >
              <input
                name={key}
                type="checkbox"
                checked={filters[key]}
                onChange={(event) => onChange({ ...filters, [key]: event.target.checked })}
                className="h-4 w-4 accent-brand-500"
              />
              {t(label)}
            </label>
          ))}
          <div className="mt-1 border-t border-gray-100 pt-1">
            <button
              type="button"
              disabled={!active}
              onClick={() => {
                onChange(NO_FILTERS);
                close();
              }}
              className="w-full rounded px-3 py-2 text-left text-sm text-gray-700 hover:bg-gray-50 disabled:cursor-not-allowed disabled:text-gray-400"
            >
              {t('filter.clear')}
            </button>
          </div>
        </fieldset>
      )}
    </Dropdown>
  );
}
