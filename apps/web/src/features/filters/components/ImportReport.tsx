import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CloseIcon } from '@/components/ui/icons';
import { paths } from '@/lib/paths';
import { filtersView, useFiltersStore } from '../store';

/**
 * What an import could not map, line by line, and the folders it made: nothing an import drops
 * goes unmentioned.
 */
export function ImportReport() {
  const { t } = useTranslation('filters');
  const report = useFiltersStore((view) => view.importReport);
  if (!report) return null;
  const created = report.createdFolders;
  const missing = report.missingFolders.filter((name) => !created.includes(name));
  return (
    <section
      aria-labelledby="filters-import-report"
      className="mb-4 rounded-lg border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-900"
    >
      <div className="flex items-start justify-between gap-4">
        <div>
          <h2 id="filters-import-report" className="font-semibold">
            {t('importReport.title')}
          </h2>
          <p className="mt-0.5">{t('importReport.imported', { count: report.imported.length })}</p>
        </div>
        <button
          type="button"
          onClick={filtersView.dismissImportReport}
          aria-label={t('importReport.dismiss')}
          className="rounded-full p-1 hover:bg-amber-100"
        >
          <CloseIcon size={16} />
        </button>
      </div>
      {report.awayReplyImported && (
        <p className="mt-2">
          {t('importReport.awayReply')}{' '}
          <Link to={paths.settings} className="font-medium underline">
            {t('importReport.openSettings')}
          </Link>
        </p>
      )}
      {created.length > 0 && (
        <p className="mt-2">{t('importReport.createdFolders', { names: created.join(', ') })}</p>
      )}
      {missing.length > 0 && (
        <p className="mt-2">{t('importReport.missingFolders', { names: missing.join(', ') })}</p>
      )}
      {report.warnings.length === 0 ? (
        <p className="mt-2 text-amber-800">{t('importReport.noWarnings')}</p>
      ) : (
        <>
          <h3 className="mt-2 font-medium">
            {t('importReport.warnings', { count: report.warnings.length })}
          </h3>
          <ul className="mt-1 max-h-48 list-disc space-y-1 overflow-y-auto pl-5">
            {report.warnings.map((warning, index) => (
              <li key={`${warning.code}-${warning.line ?? 'x'}-${index}`}>
                {warning.line !== null && (
                  <span className="font-medium">{t('importReport.line', { line: warning.line })} </span>
                )}
                {warning.message}
                {warning.source && (
                  <code className="ml-1 rounded bg-amber-100 px-1 text-xs break-all">{warning.source}</code>
                )}
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
