import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { FilterDto } from '@postline/shared/filters';
import { ConfirmDialog } from '@/components/ui/ConfirmDialog';
import { ErrorBanner } from '@/components/ui/ErrorBanner';
import { useFilterChanges, useFilterListFailure } from '../queries';
import { filtersView, useFiltersStore } from '../store';
import { BulkBar } from './BulkBar';
import { FilterFormModal } from './FilterFormModal';
import { FilterList } from './FilterList';
import { FiltersHeader } from './FiltersHeader';
import { ImportReport } from './ImportReport';
import { StatisticsPanel } from './StatisticsPanel';

/** What the create/edit modal shows: nothing, a new filter, or the saved filter with this id. */
type FormTarget = { mode: 'create' } | { mode: 'edit'; id: number } | null;

/** Filter management (SPEC §2 /filters). */
export function FiltersPage() {
  const { t } = useTranslation('filters');
  const { remove } = useFilterChanges();
  useFilterListFailure();
  const showStatistics = useFiltersStore((view) => view.showStatistics);
  const error = useFiltersStore((view) => view.error);
  const [formTarget, setFormTarget] = useState<FormTarget>(null);
  const [toDelete, setToDelete] = useState<FilterDto | null>(null);
  const [isDeleting, setDeleting] = useState(false);

  async function confirmDelete() {
    if (!toDelete) return;
    setDeleting(true);
    await remove(toDelete.id);
    setDeleting(false);
    setToDelete(null);
  }

  return (
    <div className="mx-auto max-w-6xl">
      <FiltersHeader onCreate={() => setFormTarget({ mode: 'create' })} />
      {/* SPEC §2, §8: the screen's failures stay until dismissed. */}
      {error && (
        <ErrorBanner
          message={t(`errors.${error.key}`)}
          detail={error.detail}
          onClose={filtersView.dismissError}
        />
      )}
      <ImportReport />
      {showStatistics && <StatisticsPanel />}
      <BulkBar />
      <FilterList
        onCreate={() => setFormTarget({ mode: 'create' })}
        onEdit={(id) => setFormTarget({ mode: 'edit', id })}
        onDelete={setToDelete}
      />

      {formTarget && (
        <FilterFormModal
          filterId={formTarget.mode === 'edit' ? formTarget.id : undefined}
          onClose={() => setFormTarget(null)}
          onSaved={() => setFormTarget(null)}
        />
      )}
      <ConfirmDialog
        open={toDelete !== null}
        tone="danger"
        title={t('confirmDelete.title')}
        message={t('confirmDelete.message', { name: toDelete?.name ?? '' })}
        confirmLabel={t('confirmDelete.confirm')}
        isLoading={isDeleting}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setToDelete(null)}
      />
    </div>
  );
}
