import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/PageHeader';
import { Button } from '@/components/ui/Button';
import { IMPORT_ACCEPT } from '../import-file';
import { exportSieveFile } from '../export-files';
import { useFilterChanges, useFilterList } from '../queries';
import { filtersView, useFiltersStore } from '../store';

/** Title, subtitle and the screen's buttons (SPEC §2): statistics, import, export, create. */
export function FiltersHeader({ onCreate }: { onCreate: () => void }) {
  const { t } = useTranslation('filters');
  const showStatistics = useFiltersStore((view) => view.showStatistics);
  const { importFile } = useFilterChanges();
  const hasFilters = useFilterList().filters.length > 0;
  const inputRef = useRef<HTMLInputElement>(null);
  const [isImporting, setImporting] = useState(false);
  const [isExporting, setExporting] = useState(false);

  async function onFileChosen(file: File | undefined) {
    if (!file) return;
    setImporting(true);
    await importFile(file);
    setImporting(false);
    // The same file chosen again must fire change again.
    if (inputRef.current) inputRef.current.value = '';
  }

  async function onExportSieve() {
    setExporting(true);
    await exportSieveFile();
    setExporting(false);
  }

  return (
    <PageHeader
      title={t('title')}
      subtitle={t('subtitle')}
      actions={
        <>
          <Button variant="secondary" aria-pressed={showStatistics} onClick={filtersView.toggleStatistics}>
            {showStatistics ? t('header.hideStats') : t('header.showStats')}
          </Button>
          <Button
            variant="secondary"
            isLoading={isImporting}
            title={t('header.importHint')}
            onClick={() => inputRef.current?.click()}
          >
            {t('header.import')}
          </Button>
          <input
            name="importFile"
            ref={inputRef}
            type="file"
            accept={IMPORT_ACCEPT}
            className="sr-only"
            tabIndex={-1}
            aria-label={t('header.importFile')}
            onChange={(event) => void onFileChosen(event.target.files?.[0])}
          />
          <Button
            variant="secondary"
            isLoading={isExporting}
            disabled={!hasFilters}
            onClick={() => void onExportSieve()}
          >
            {t('header.exportSieve')}
          </Button>
          <Button onClick={onCreate}>{t('header.create')}</Button>
        </>
      }
    />
  );
}
