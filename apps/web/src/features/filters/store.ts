import i18next from 'i18next';
import { create } from 'zustand';
import type { FilterDto, FilterPriorityUpdate, FilterStatistics } from '@postline/shared/filters';
import { toast } from '@/components/ui/toast';
import { messageOf } from '@/lib/api-error';
import { queryClient } from '@/lib/query-client';
import { queryKeys } from '@/lib/query-keys';
import { copyFilter } from './api/copy-filter';
import { deleteFilter } from './api/delete-filter';
import { exportFilter } from './api/export-filter';
import { exportSieve } from './api/export-sieve';
import type { FilterImportResponse } from '@postline/shared/filter-answers';
import { importGmail, importJson, importSieve } from './api/import-filters';
import { fetchFilters } from './api/list-filters';
import { fetchStatistics } from './api/statistics';
import { updatePriority } from './api/update-priority';
import { updateStatus } from './api/update-status';
import { saveTextFile } from '@/lib/save-file';
import { fileStem } from './download';
import { ImportFileError, readImportFile } from './import-file';

/** The banner's errors (SPEC §8 filters screen), each a key under filters:errors. */
export type BannerErrorKey =
  | 'generic'
  | 'load'
  | 'delete'
  | 'status'
  | 'copy'
  | 'export'
  | 'import'
  | 'priority'
  | 'stats'
  | 'invalidJson'
  | 'readFailed'
  | 'unsupportedFile';

export interface BannerError {
  key: BannerErrorKey;
  /** The server's own explanation, when there is one. */
  detail?: string;
}

interface FiltersState {
  filters: FilterDto[];
  isLoading: boolean;
  hasLoaded: boolean;
  selectedIds: number[];
  statistics: FilterStatistics | null;
  isStatisticsLoading: boolean;
  showStatistics: boolean;
  error: BannerError | null;
  /** The last Sieve or Gmail import's warnings and folders, shown until dismissed. */
  importReport: FilterImportResponse | null;

  load(): Promise<void>;
  /** The list again, and the statistics while they are shown. */
  refresh(): Promise<void>;
  loadStatistics(): Promise<void>;
  toggleStatistics(): void;
  toggleSelected(id: number): void;
  setAllSelected(selected: boolean): void;
  clearSelection(): void;
  setActive(ids: number[], isActive: boolean): Promise<void>;
  remove(id: number): Promise<boolean>;
  copy(id: number): Promise<void>;
  reorder(updates: FilterPriorityUpdate | null, optimisticOrder?: FilterDto[]): Promise<void>;
  exportOne(filter: Pick<FilterDto, 'id' | 'name'>): Promise<void>;
  exportAllAsSieve(): Promise<void>;
  importFile(file: File): Promise<void>;
  dismissError(): void;
  dismissImportReport(): void;
}

const t = (key: string, options?: Record<string, unknown>) => i18next.t(key, { ns: 'filters', ...options });

function bannerFrom(key: BannerErrorKey, error: unknown): BannerError {
  const detail = messageOf(error, '');
  return detail ? { key, detail } : { key };
}

const initialState = {
  filters: [],
  isLoading: false,
  hasLoaded: false,
  selectedIds: [],
  statistics: null,
  isStatisticsLoading: false,
  showStatistics: false,
  error: null,
  importReport: null,
};

/** The /filters screen: the list, the selection, statistics and the banner (SPEC §2, §4). */
export const useFiltersStore = create<FiltersState>()((set, get) => {
  /** SPEC §4: the list reloads after every change; statistics too while they are shown. */
  async function afterChange(): Promise<void> {
    await get().load();
    if (get().showStatistics) await get().loadStatistics();
  }

  async function change(key: BannerErrorKey, work: () => Promise<void>): Promise<boolean> {
    try {
      await work();
      return true;
    } catch (error) {
      set({ error: bannerFrom(key, error) });
      return false;
    } finally {
      await afterChange();
    }
  }

  return {
    ...initialState,

    async load() {
      set({ isLoading: true });
      try {
        const filters = await fetchFilters();
        const ids = new Set(filters.map((f) => f.id));
        set((state) => ({
          filters,
          hasLoaded: true,
          selectedIds: state.selectedIds.filter((id) => ids.has(id)),
        }));
      } catch (error) {
        set({ error: bannerFrom('load', error) });
      } finally {
        set({ isLoading: false });
      }
    },

    refresh: afterChange,

    async loadStatistics() {
      set({ isStatisticsLoading: true });
      try {
        set({ statistics: await fetchStatistics() });
      } catch (error) {
        set({ error: bannerFrom('stats', error) });
      } finally {
        set({ isStatisticsLoading: false });
      }
    },

    toggleStatistics() {
      const showStatistics = !get().showStatistics;
      set({ showStatistics });
      if (showStatistics) void get().loadStatistics();
    },

    toggleSelected(id) {
      set((state) => ({
        selectedIds: state.selectedIds.includes(id)
          ? state.selectedIds.filter((selected) => selected !== id)
          : [...state.selectedIds, id],
      }));
    },

    setAllSelected(selected) {
      set((state) => ({ selectedIds: selected ? state.filters.map((f) => f.id) : [] }));
    },

    clearSelection() {
      set({ selectedIds: [] });
    },

    async setActive(ids, isActive) {
      if (ids.length === 0) return;
      await change('status', async () => {
        await updateStatus({ filterIds: ids, isActive });
        toast.success(t(isActive ? 'toast.activated' : 'toast.deactivated', { count: ids.length }));
      });
    },

    async remove(id) {
      return change('delete', async () => {
        await deleteFilter(id);
        toast.success(t('toast.deleted'));
      });
    },

    async copy(id) {
      await change('copy', async () => {
        const copied = await copyFilter(id);
        toast.success(t('toast.copied', { name: copied.name }));
      });
    },

    async reorder(updates, optimisticOrder) {
      if (!updates) return;
      // Priorities are places 1..n on the server too, so the numbers can move with the rows at once.
      if (optimisticOrder)
        set({ filters: optimisticOrder.map((f, index) => ({ ...f, priority: index + 1 })) });
      await change('priority', async () => {
        await updatePriority(updates);
      });
    },

    async exportOne(filter) {
      try {
        const text = await exportFilter(filter.id);
        saveTextFile(text, `filter-${fileStem(filter.name)}.json`, 'application/json');
      } catch (error) {
        set({ error: bannerFrom('export', error) });
      }
    },

    async exportAllAsSieve() {
      try {
        saveTextFile(await exportSieve(), 'postline-filters.sieve', 'application/sieve');
      } catch (error) {
        set({ error: bannerFrom('export', error) });
      }
    },

    async importFile(file) {
      let report: FilterImportResponse;
      try {
        const source = await readImportFile(file);
        if (source.kind === 'json') report = await importJson(source.data);
        else if (source.kind === 'sieve') report = await importSieve(source.text);
        else report = await importGmail(source.text);
        const needsReport =
          source.kind !== 'json' ||
          report.warnings.length > 0 ||
          report.missingFolders.length > 0 ||
          report.createdFolders.length > 0;
        set({ importReport: needsReport ? report : null, error: null });
        // The folders made for the import show in the sidebar's tree without a reload.
        if (report.createdFolders.length > 0)
          void queryClient.invalidateQueries({ queryKey: queryKeys.mailboxes });
        toast.success(t('toast.imported', { count: report.imported.length }));
      } catch (error) {
        set({
          error: error instanceof ImportFileError ? { key: error.problem } : bannerFrom('import', error),
        });
        return;
      }
      await afterChange();
    },

    dismissError() {
      set({ error: null });
    },

    dismissImportReport() {
      set({ importReport: null });
    },
  };
});

/** Test hook: a fresh screen. */
export function resetFiltersStore(): void {
  useFiltersStore.setState(initialState);
}
