import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { FilterDto } from '@postline/shared/filters';
import { ConfirmDialog } from '@/components/ui/ConfirmDialog';
import { ErrorBanner } from '@/components/ui/ErrorBanner';
import { lazyScreen } from '@/lib/lazy-screen';
import { LoadingBlock, Spinner } from '@/components/ui/Spinner';
import { useFilterChanges, useFilterListFailure } from '../queries';
import { filtersView, useFiltersStore } from '../store';
import { BulkBar } from './BulkBar';
import { FilterList } from './FilterList';
import { FiltersHeader } from './FiltersHeader';
import { ImportReport } from './ImportReport';

/*
 * The create and edit form and the statistics read the server's zod schemas: their code loads
 * after the list's first render, not with it, which zod's 23 kB slowed on a phone (issue 17).
 */
const FilterFormModal = lazyScreen(() =>
  import('./FilterFormModal').then((module) => module.FilterFormModal),
);
const StatisticsPanel = lazyScreen(() =>
  import('./StatisticsPanel').then((module) => module.StatisticsPanel),
);

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
  // The form, and zod with it (about 36 kB of brotli in all), is fetched at the first sign that
  // the page is being used: a pointer over it, a touch, the keyboard's focus. New filter seldom
  // waits for it, and a visit that only reads the list does not download it (issue 33: the page's
  // JavaScript went over its 210 kB with React when it came with the list).
  const preloadForm = () => void FilterFormModal.preload();

  async function confirmDelete() {
    if (!toDelete) return;
    setDeleting(true);
    await remove(toDelete.id);
    setDeleting(false);
    setToDelete(null);
  }

  return (
    <div className="mx-auto max-w-6xl" onPointerOver={preloadForm} onFocus={preloadForm}>
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
      {showStatistics && (
        <Suspense fallback={<LoadingBlock label={t('stats.loading')} compact />}>
          <StatisticsPanel />
        </Suspense>
      )}
      <BulkBar />
      <FilterList
        onCreate={() => setFormTarget({ mode: 'create' })}
        onEdit={(id) => setFormTarget({ mode: 'edit', id })}
        onDelete={setToDelete}
      />

      {formTarget && (
        <Suspense
          fallback={
            <div className="fixed inset-0 z-50 flex items-center justify-center bg-gray-900/40 text-white">
              <Spinner label={t('form.loading')} />
            </div>
          }
        >
          <FilterFormModal
            filterId={formTarget.mode === 'edit' ? formTarget.id : undefined}
            onClose={() => setFormTarget(null)}
            onSaved={() => setFormTarget(null)}
          />
        </Suspense>
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
