import { useTranslation } from 'react-i18next';
import type { Template } from '@postline/shared/templates';
import { Button } from '@/components/ui/Button';
import { formatDate } from '@/lib/dates';
import { useCategoryLabel } from '../hooks/use-category-label';

interface TemplateCardProps {
  template: Template;
  onEdit: (template: Template) => void;
  onDelete: (template: Template) => void;
}

/** One template (SPEC §2): name, subject, two lines of body, category, usage, date, shared badge. */
export function TemplateCard({ template, onEdit, onDelete }: TemplateCardProps) {
  const { t, i18n } = useTranslation('templates');
  const categoryLabel = useCategoryLabel();
  const hasCategory = template.categoryId !== null;
  return (
    <article
      aria-labelledby={`template-${template.id}-name`}
      className="flex flex-col rounded-xl border border-gray-200 bg-white p-4 shadow-sm"
    >
      <header className="flex items-start justify-between gap-2">
        <h3 id={`template-${template.id}-name`} className="min-w-0 truncate font-semibold text-gray-900">
          {template.name}
        </h3>
        {template.isShared && (
          <span className="shrink-0 rounded-full bg-emerald-50 px-2 py-0.5 text-xs font-medium text-emerald-700">
            {t('card.shared')}
          </span>
        )}
      </header>
      <p className="mt-1 truncate text-sm text-gray-700">
        <span className="sr-only">{t('form.subject')}: </span>
        {template.subject}
      </p>
      <p className="mt-1 line-clamp-2 text-sm whitespace-pre-line text-gray-500">{template.content}</p>
      <div className="mt-3 flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-gray-500">
        <span className="inline-flex items-center gap-1.5">
          <span
            aria-hidden="true"
            className="h-2 w-2 rounded-full"
            style={{ backgroundColor: hasCategory ? (template.categoryColor ?? undefined) : '#9CA3AF' }}
          />
          {hasCategory
            ? categoryLabel({ code: template.category, name: template.categoryName })
            : t('card.uncategorized')}
        </span>
        <span>{t('card.usage', { count: template.usageCount })}</span>
        <span>{t('card.created', { date: formatDate(template.createdAt, i18n.resolvedLanguage) })}</span>
      </div>
      {template.isOwner && (
        <div className="mt-3 flex justify-end gap-1 border-t border-gray-100 pt-3">
          <Button
            variant="ghost"
            size="sm"
            onClick={() => onEdit(template)}
            aria-label={t('actions.editNamed', { name: template.name })}
          >
            {t('actions.edit')}
          </Button>
          <Button
            variant="ghost"
            size="sm"
            className="text-red-600 hover:bg-red-50"
            onClick={() => onDelete(template)}
            aria-label={t('actions.deleteNamed', { name: template.name })}
          >
            {t('actions.delete')}
          </Button>
        </div>
      )}
    </article>
  );
}
