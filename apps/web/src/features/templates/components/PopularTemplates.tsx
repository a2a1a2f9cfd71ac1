import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { POPULAR_TEMPLATES_SHOWN } from '@postline/shared/limits';
import type { Template } from '@postline/shared/templates';
import { paths } from '@/lib/paths';

/** Compose with this template chosen: its variables are asked for there (?template=, see compose). */
function composeWithTemplate(templateId: number): string {
  return `${paths.compose}?${new URLSearchParams({ template: String(templateId) })}`;
}

/** The five most used templates with their usage counts (SPEC §2, §9); each opens compose with it. */
export function PopularTemplates({ templates }: { templates: Template[] }) {
  const { t } = useTranslation('templates');
  const shown = templates.slice(0, POPULAR_TEMPLATES_SHOWN);
  return (
    <section
      aria-labelledby="popular-templates-title"
      className="rounded-xl border border-gray-200 bg-white p-4"
    >
      <h2
        id="popular-templates-title"
        className="mb-3 text-xs font-semibold tracking-wide text-gray-500 uppercase"
      >
        {t('popular.title')}
      </h2>
      {shown.length === 0 ? (
        <p className="text-sm text-gray-500">{t('popular.empty')}</p>
      ) : (
        <ol className="space-y-2">
          {shown.map((template, index) => (
            <li key={template.id} className="flex items-center gap-2 text-sm">
              <span
                aria-hidden="true"
                className="w-4 shrink-0 text-xs font-semibold text-gray-500 tabular-nums"
              >
                {index + 1}
              </span>
              <Link
                to={composeWithTemplate(template.id)}
                aria-label={t('popular.useNamed', { name: template.name })}
                title={t('popular.use')}
                className="min-w-0 flex-1 truncate rounded text-gray-800 hover:text-brand-700 hover:underline focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:outline-none"
              >
                {template.name}
              </Link>
              <span className="shrink-0 text-xs text-gray-500">
                {t('popular.usage', { count: template.usageCount })}
              </span>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
