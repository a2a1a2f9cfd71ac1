import type { FilterDto } from '@postline/shared/filters';
import { saveTextFile } from '@/lib/save-file';
import { exportFilter } from './api/export-filter';
import { exportSieve } from './api/export-sieve';
import { fileStem } from './download';
import { bannerFrom, filtersView } from './store';

/*
 * The export buttons: a file to save, nothing in the cache changes. A failure goes to the banner.
 */

/** One filter as the JSON file another account can import. */
export async function exportFilterFile(filter: Pick<FilterDto, 'id' | 'name'>): Promise<void> {
  try {
    const text = await exportFilter(filter.id);
    saveTextFile(text, `filter-${fileStem(filter.name)}.json`, 'application/json');
  } catch (error) {
    filtersView.showError(bannerFrom('export', error));
  }
}

/** Every filter of the user as one Sieve script. */
export async function exportSieveFile(): Promise<void> {
  try {
    saveTextFile(await exportSieve(), 'postline-filters.sieve', 'application/sieve');
  } catch (error) {
    filtersView.showError(bannerFrom('export', error));
  }
}
