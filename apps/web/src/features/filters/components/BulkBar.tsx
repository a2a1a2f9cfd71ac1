import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/Button';
import { useFilterChanges, useSelectedFilterIds } from '../queries';
import { filtersView } from '../store';

/** Shown while filters are selected: switch them on or off together (SPEC §2). */
export function BulkBar() {
  const { t } = useTranslation('filters');
  const selectedIds = useSelectedFilterIds();
  const { setActive } = useFilterChanges();
  if (selectedIds.length === 0) return null;
  return (
    <div
      role="region"
      aria-label={t('bulk.label')}
      className="mb-3 flex flex-wrap items-center gap-2 rounded-lg border border-brand-100 bg-brand-50 px-4 py-2"
    >
      <span className="mr-auto text-sm font-medium text-brand-700" aria-live="polite">
        {t('bulk.selected', { count: selectedIds.length })}
      </span>
      <Button size="sm" variant="secondary" onClick={() => void setActive(selectedIds, true)}>
        {t('bulk.activate')}
      </Button>
      <Button size="sm" variant="secondary" onClick={() => void setActive(selectedIds, false)}>
        {t('bulk.deactivate')}
      </Button>
      <Button size="sm" variant="ghost" onClick={filtersView.clearSelection}>
        {t('bulk.clearSelection')}
      </Button>
    </div>
  );
}
