import clsx from 'clsx';
import { useTranslation } from 'react-i18next';
import type { ContactGroup } from '@postline/shared/contacts';

interface GroupListProps {
  groups: ContactGroup[];
  selectedId: number | undefined;
  onSelect: (id: number | undefined) => void;
  onEdit: (group: ContactGroup) => void;
  onDelete: (group: ContactGroup) => void;
}

const itemClass = (selected: boolean) =>
  clsx(
    'flex min-w-0 flex-1 items-center justify-between gap-2 rounded-lg px-3 py-2 text-left text-sm',
    selected ? 'bg-brand-50 font-medium text-brand-700' : 'text-gray-700 hover:bg-gray-50',
  );

/** All contacts, then each group with its member count; a group shows its members in the list. */
export function GroupList({ groups, selectedId, onSelect, onEdit, onDelete }: GroupListProps) {
  const { t } = useTranslation('contacts');
  return (
    <nav aria-label={t('groups.title')} className="rounded-xl border border-gray-200 bg-white p-2">
      <h2 className="px-3 pt-1 pb-2 text-xs font-semibold tracking-wide text-gray-500 uppercase">
        {t('groups.title')}
      </h2>
      <ul className="space-y-0.5">
        <li className="flex">
          <button
            type="button"
            aria-pressed={selectedId === undefined}
            onClick={() => onSelect(undefined)}
            className={itemClass(selectedId === undefined)}
          >
            {t('groups.all')}
          </button>
        </li>
        {groups.map((group) => (
          <li key={group.id} className="flex items-center gap-1">
            <button
              type="button"
              aria-pressed={selectedId === group.id}
              onClick={() => onSelect(group.id)}
              className={itemClass(selectedId === group.id)}
            >
              <span className="min-w-0 truncate">{group.name}</span>
              <span className="shrink-0 text-xs text-gray-500">
                {t('groups.members', { count: group.memberIds.length })}
              </span>
            </button>
            <button
              type="button"
              onClick={() => onEdit(group)}
              aria-label={t('groups.edit', { name: group.name })}
              className="rounded-md px-2 py-1 text-xs text-gray-500 hover:bg-gray-100"
            >
              ✎
            </button>
            <button
              type="button"
              onClick={() => onDelete(group)}
              aria-label={t('groups.delete', { name: group.name })}
              className="rounded-md px-2 py-1 text-xs text-gray-500 hover:bg-red-50 hover:text-red-600"
            >
              ×
            </button>
          </li>
        ))}
      </ul>
      {groups.length === 0 && <p className="px-3 py-2 text-sm text-gray-500">{t('groups.empty')}</p>}
    </nav>
  );
}
