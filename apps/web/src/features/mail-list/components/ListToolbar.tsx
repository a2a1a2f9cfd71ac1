import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isSearchApplied, type ListParams } from '../list-params';
import { fieldsToQuery, queryToFields } from '../search-query';
import { AdvancedSearchModal } from './AdvancedSearchModal';
import { FilterMenu } from './FilterMenu';
import { QuickSearch } from './QuickSearch';
import { SortMenu } from './SortMenu';

interface ListToolbarProps {
  params: ListParams;
  update: (change: Partial<ListParams>) => void;
  focusSearch: boolean;
  allSelected: boolean;
  someSelected: boolean;
  canSelect: boolean;
  onToggleAll: () => void;
}

/** Select all, quick and advanced search, sort and filters; a line with Clear search once searching. */
export function ListToolbar({
  params,
  update,
  focusSearch,
  allSelected,
  someSelected,
  canSelect,
  onToggleAll,
}: ListToolbarProps) {
  const { t } = useTranslation('mailList');
  const [advancedOpen, setAdvancedOpen] = useState(false);
  const selectAllRef = useRef<HTMLInputElement>(null);
  const search = isSearchApplied(params.search) ? params.search : null;

  useEffect(() => {
    if (selectAllRef.current) selectAllRef.current.indeterminate = someSelected;
  }, [someSelected]);

  const applySearch = (query: string) => update({ search: isSearchApplied(query) ? query.trim() : null });

  return (
    <div className="border-b border-gray-100">
      <div className="flex flex-wrap items-center gap-2 px-4 py-3">
        <input
          name="selectAll"
          ref={selectAllRef}
          type="checkbox"
          checked={allSelected}
          disabled={!canSelect}
          onChange={onToggleAll}
          aria-label={t('list.selectAll')}
          className="mr-1 h-4 w-4 accent-brand-500"
        />
        <QuickSearch query={search ?? ''} autoFocus={focusSearch} onSearch={applySearch} />
        <button
          type="button"
          onClick={() => setAdvancedOpen(true)}
          className="h-9 rounded-lg px-2 text-sm font-medium text-brand-600 hover:bg-brand-50"
        >
          {t('search.advanced')}
        </button>
        <div className="ml-auto flex items-center gap-2">
          <SortMenu sort={params.sort} onChange={(sort) => update({ sort })} />
          <FilterMenu filters={params.filters} onChange={(filters) => update({ filters })} />
        </div>
      </div>
      {search && (
        <div className="flex flex-wrap items-center gap-3 bg-gray-50 px-4 py-2 text-sm" role="status">
          <span className="text-gray-700">{t('search.results', { keyword: search })}</span>
          <button
            type="button"
            onClick={() => update({ search: null })}
            className="font-medium text-brand-600 underline-offset-2 hover:underline"
          >
            {t('search.clear')}
          </button>
        </div>
      )}
      {/* Built only while open: closed, its form cost every list's first render (issue 17). */}
      {advancedOpen && (
        <AdvancedSearchModal
          initial={search ? queryToFields(search) : null}
          onClose={() => setAdvancedOpen(false)}
          onSearch={(fields) => {
            setAdvancedOpen(false);
            applySearch(fieldsToQuery(fields));
          }}
        />
      )}
    </div>
  );
}
