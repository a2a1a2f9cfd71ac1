import { queryOptions, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { FilterImportResponse } from '@postline/shared/filter-answers';
import type { FilterRequestInput } from '@postline/shared/filter-requests';
import type { FilterDto, FilterPreview, FilterPriorityUpdate } from '@postline/shared/filters';
import { toast } from '@/components/ui/toast';
import { foldersQuery } from '@/features/mail/queries';
import { messageOf } from '@/lib/api-error';
import { queryKeys } from '@/lib/query-keys';
import { copyFilter } from './api/copy-filter';
import { deleteFilter } from './api/delete-filter';
import { importGmail, importJson, importSieve } from './api/import-filters';
import { fetchFilters } from './api/list-filters';
import { fetchFilterPreview } from './api/preview-filter';
import { saveFilter } from './api/save-filter';
import { fetchStatistics } from './api/statistics';
import { updatePriority } from './api/update-priority';
import { updateStatus } from './api/update-status';
import { folderOptions, type FolderOption } from './folder-options';
import { ImportFileError, readImportFile } from './import-file';
import { bannerFrom, filtersView, useFiltersStore, type BannerErrorKey } from './store';

const NO_FILTERS: FilterDto[] = [];

/** The user's filters in priority order, under the list's cache entry: for the hook and the prefetch. */
export const filterListQuery = queryOptions({
  queryKey: queryKeys.filters.list,
  queryFn: fetchFilters,
});

/**
 * A failed load goes to the screen's banner once the query has given up (after its one retry of a
 * lost connection) and stays there until closed (SPEC §8), even once a later reload works; the
 * query's own error would vanish with that reload. Called by the one component that shows each.
 */
function useFailureInBanner(key: BannerErrorKey, query: { error: Error | null; errorUpdatedAt: number }) {
  const { error, errorUpdatedAt } = query;
  useEffect(() => {
    if (error) filtersView.showError(bannerFrom(key, error));
  }, [key, error, errorUpdatedAt]);
}

/** The user's filters in priority order; none until the first answer. */
export function useFilterList() {
  const list = useQuery(filterListQuery);
  return { filters: list.data ?? NO_FILTERS, hasLoaded: list.data !== undefined, query: list };
}

/** The page's banner hears of a list that cannot be loaded. */
export function useFilterListFailure(): void {
  useFailureInBanner('load', useFilterList().query);
}

/** Asked for only while the panel is shown, so a change reloads them only then (SPEC §4). */
export function useFilterStatistics() {
  const statistics = useQuery({ queryKey: queryKeys.filters.statistics, queryFn: fetchStatistics });
  useFailureInBanner('stats', statistics);
  return { statistics: statistics.data ?? null, isLoading: statistics.isFetching };
}

/** Which of the newest Inbox mail the saved filter would match (issue 34), asked for each time it shows. */
export function useFilterPreview(filterId: number) {
  return useQuery<FilterPreview>({
    queryKey: queryKeys.filters.preview(filterId),
    queryFn: () => fetchFilterPreview(filterId),
    staleTime: 0,
  });
}

/**
 * The user's folders for the MOVE_TO_FOLDER picker, from the folder tree's cache: a folder made in
 * the sidebar (or by an import) is offered here without asking again.
 */
export function useFolderOptions(): { folders: FolderOption[] | null; error: string | null } {
  const tree = useQuery(foldersQuery);
  const folders = useMemo(() => (tree.data ? folderOptions(tree.data) : null), [tree.data]);
  return { folders, error: tree.error && !tree.data ? messageOf(tree.error) : null };
}

/** The ticked filters that the list still holds: a filter deleted or gone after a reload drops out. */
export function useSelectedFilterIds(): number[] {
  const { filters } = useFilterList();
  const selectedIds = useFiltersStore((view) => view.selectedIds);
  return useMemo(() => {
    const listed = new Set(filters.map((filter) => filter.id));
    return selectedIds.filter((id) => listed.has(id));
  }, [filters, selectedIds]);
}

/** SPEC §4: the list reloads after every change, and the statistics too while they are shown. */
function reloadFilters(client: QueryClient): Promise<void> {
  return client.invalidateQueries({ queryKey: queryKeys.filters.all });
}

/** Creates or updates a filter from the form; a failure is rethrown so the form shows why. */
export function useSaveFilter() {
  const client = useQueryClient();
  return async (request: FilterRequestInput, id?: number): Promise<FilterDto> => {
    const saved = await saveFilter(request, id);
    await reloadFilters(client);
    return saved;
  };
}

/** Whether an import has anything to say beyond its count: a JSON file usually maps in full. */
function needsReport(kind: 'json' | 'sieve' | 'gmail', report: FilterImportResponse): boolean {
  return (
    kind !== 'json' ||
    report.warnings.length > 0 ||
    report.missingFolders.length > 0 ||
    report.createdFolders.length > 0
  );
}

/**
 * The changes the list and the header make. Each reports its failure in the banner, then reloads
 * what it may have changed, so the screen shows what the server holds either way.
 */
export function useFilterChanges() {
  const client = useQueryClient();
  const { t } = useTranslation('filters');

  async function change(key: BannerErrorKey, work: () => Promise<unknown>, undo?: () => void) {
    try {
      await work();
    } catch (error) {
      undo?.();
      filtersView.showError(bannerFrom(key, error));
    } finally {
      await reloadFilters(client);
    }
  }

  return {
    async setActive(ids: number[], isActive: boolean) {
      if (ids.length === 0) return;
      await change('status', async () => {
        await updateStatus({ filterIds: ids, isActive });
        toast.success(t(isActive ? 'toast.activated' : 'toast.deactivated', { count: ids.length }));
      });
    },

    async remove(id: number) {
      await change('delete', async () => {
        await deleteFilter(id);
        toast.success(t('toast.deleted'));
      });
    },

    async copy(id: number) {
      await change('copy', async () => {
        const copied = await copyFilter(id);
        toast.success(t('toast.copied', { name: copied.name }));
      });
    },

    /** The rows move at once; a refusal puts them back before the reload. */
    async reorder(updates: FilterPriorityUpdate | null, order?: FilterDto[]) {
      if (!updates) return;
      // A reload already under way would answer with the old order over the new one.
      await client.cancelQueries({ queryKey: queryKeys.filters.list });
      const before = client.getQueryData<FilterDto[]>(queryKeys.filters.list);
      // Priorities are places 1..n on the server too, so the numbers can move with the rows at once.
      if (order)
        client.setQueryData<FilterDto[]>(
          queryKeys.filters.list,
          order.map((filter, index) => ({ ...filter, priority: index + 1 })),
        );
      await change(
        'priority',
        () => updatePriority(updates),
        () => client.setQueryData(queryKeys.filters.list, before),
      );
    },

    async importFile(file: File) {
      let report: FilterImportResponse;
      try {
        const source = await readImportFile(file);
        if (source.kind === 'json') report = await importJson(source.data);
        else if (source.kind === 'sieve') report = await importSieve(source.text);
        else report = await importGmail(source.text);
        filtersView.showImportReport(needsReport(source.kind, report) ? report : null);
        // The folders made for the import show in the sidebar's tree without a reload.
        if (report.createdFolders.length > 0) void client.invalidateQueries({ queryKey: queryKeys.folders });
        toast.success(t('toast.imported', { count: report.imported.length }));
      } catch (error) {
        filtersView.showError(
          error instanceof ImportFileError ? { key: error.problem } : bannerFrom('import', error),
        );
        return;
      }
      await reloadFilters(client);
    },
  };
}
