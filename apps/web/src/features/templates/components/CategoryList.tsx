import clsx from 'clsx';
import { useTranslation } from 'react-i18next';
import type { TemplateCategory } from '@postline/shared/templates';
import { DeleteIcon, PencilIcon } from '@/components/ui/icons';
import { useCategoryLabel } from '../hooks/use-category-label';

interface CategoryListProps {
  categories: TemplateCategory[];
  allCount: number;
  selectedId: number | null;
  onSelect: (categoryId: number | null) => void;
  /** Only the user's own categories: the four built-in ones are named by the app and stay. */
  onEdit: (category: TemplateCategory) => void;
  onDelete: (category: TemplateCategory) => void;
}

const actionButton =
  'inline-flex h-8 w-8 shrink-0 items-center justify-center rounded-lg text-gray-500 hover:bg-gray-100 focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:outline-none';

function CategoryButton({
  selected,
  onClick,
  label,
  labelId,
  count,
  color,
}: {
  selected: boolean;
  onClick: () => void;
  label: string;
  labelId?: string;
  count: number;
  color?: string;
}) {
  return (
    <button
      type="button"
      aria-pressed={selected}
      onClick={onClick}
      className={clsx(
        'flex w-full items-center gap-2 rounded-lg px-3 py-2 text-left text-sm transition-colors',
        selected ? 'bg-brand-50 font-semibold text-brand-700' : 'text-gray-700 hover:bg-gray-100',
      )}
    >
      {color ? (
        <span
          aria-hidden="true"
          className="h-2.5 w-2.5 shrink-0 rounded-full"
          style={{ backgroundColor: color }}
        />
      ) : (
        <span aria-hidden="true" className="h-2.5 w-2.5 shrink-0 rounded-full border border-gray-400" />
      )}
      <span id={labelId} className="min-w-0 flex-1 truncate">
        {label}
      </span>
      <span className="shrink-0 rounded-full bg-gray-100 px-2 text-xs text-gray-600 tabular-nums">
        {count}
      </span>
    </button>
  );
}

/** The left list of SPEC §2: All with its count, then each category with colour dot and count. */
export function CategoryList({
  categories,
  allCount,
  selectedId,
  onSelect,
  onEdit,
  onDelete,
}: CategoryListProps) {
  const { t } = useTranslation('templates');
  const label = useCategoryLabel();
  return (
    <nav
      aria-labelledby="template-categories-title"
      className="rounded-xl border border-gray-200 bg-white p-3"
    >
      <h2
        id="template-categories-title"
        className="mb-2 px-3 text-xs font-semibold tracking-wide text-gray-500 uppercase"
      >
        {t('categories.title')}
      </h2>
      <ul className="space-y-0.5">
        <li>
          <CategoryButton
            selected={selectedId === null}
            onClick={() => onSelect(null)}
            label={t('categories.all')}
            count={allCount}
          />
        </li>
        {categories.map((category) => {
          // The actions are named by what they do and described by the category they act on, so
          // a name search for the category still finds only the category itself.
          const labelId = `template-category-${category.id}-name`;
          return (
            <li key={category.id} className="flex items-center gap-0.5">
              <div className="min-w-0 flex-1">
                <CategoryButton
                  selected={selectedId === category.id}
                  onClick={() => onSelect(category.id)}
                  label={label(category)}
                  labelId={labelId}
                  count={category.templateCount}
                  color={category.color}
                />
              </div>
              {category.code === null && (
                <>
                  <button
                    type="button"
                    className={actionButton}
                    onClick={() => onEdit(category)}
                    aria-label={t('categories.edit')}
                    aria-describedby={labelId}
                    title={t('categories.edit')}
                  >
                    <PencilIcon size={16} />
                  </button>
                  <button
                    type="button"
                    className={clsx(actionButton, 'hover:bg-red-50 hover:text-red-600')}
                    onClick={() => onDelete(category)}
                    aria-label={t('categories.delete')}
                    aria-describedby={labelId}
                    title={t('categories.delete')}
                  >
                    <DeleteIcon size={16} />
                  </button>
                </>
              )}
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
