import { create } from 'zustand';
import type { FilterImportResponse } from '@postline/shared/filter-answers';
import { messageOf } from '@/lib/api-error';

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

interface BannerError {
  key: BannerErrorKey;
  /** The server's own explanation, when there is one. */
  detail?: string;
}

export function bannerFrom(key: BannerErrorKey, error: unknown): BannerError {
  const detail = messageOf(error, '');
  return detail ? { key, detail } : { key };
}

/**
 * What the /filters screen shows beside the server's data, which the query cache holds
 * (queries.ts). A small store rather than React state: the header, the bulk bar, the list, the
 * import report and the page each read or change part of it, and the page would otherwise pass it
 * through every one of them.
 */
interface FiltersView {
  /** Ids as the user ticked them; read through useSelectedFilterIds, which drops those gone. */
  selectedIds: number[];
  showStatistics: boolean;
  /** The last failure (SPEC §8), shown until dismissed. */
  error: BannerError | null;
  /** The last Sieve or Gmail import's warnings and folders, shown until dismissed. */
  importReport: FilterImportResponse | null;
}

export const initialFiltersView: FiltersView = {
  selectedIds: [],
  showStatistics: false,
  error: null,
  importReport: null,
};

export const useFiltersStore = create<FiltersView>()(() => initialFiltersView);

const setView = useFiltersStore.setState;

/** The changes the screen's controls make; stable, so components may take them without selectors. */
export const filtersView = {
  toggleSelected: (id: number) =>
    setView((view) => ({
      selectedIds: view.selectedIds.includes(id)
        ? view.selectedIds.filter((selected) => selected !== id)
        : [...view.selectedIds, id],
    })),
  selectOnly: (ids: number[]) => setView({ selectedIds: ids }),
  clearSelection: () => setView({ selectedIds: [] }),
  toggleStatistics: () => setView((view) => ({ showStatistics: !view.showStatistics })),
  showError: (error: BannerError) => setView({ error }),
  dismissError: () => setView({ error: null }),
  /** An import that worked: its report if it has one, and an earlier failure's banner goes. */
  showImportReport: (importReport: FilterImportResponse | null) => setView({ importReport, error: null }),
  dismissImportReport: () => setView({ importReport: null }),
};
