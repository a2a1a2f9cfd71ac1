import { useEffect, useState, type Dispatch } from 'react';
import { messageOf } from '@/lib/api-error';
import { fetchFilter } from '../api/get-filter';
import { formFromFilter } from '../form-model';
import type { FilterFormEvent } from './use-filter-form';

/**
 * Edit mode: the saved filter, read once as the form opens into its values; from then on the form
 * is the user's, not a view of the cache. Create mode (no id) loads nothing.
 */
export function useLoadedFilter(filterId: number | undefined, dispatch: Dispatch<FilterFormEvent>) {
  const [isLoading, setLoading] = useState(filterId !== undefined);
  const [loadError, setLoadError] = useState<string | null>(null);

  useEffect(() => {
    if (filterId === undefined) return;
    let current = true;
    fetchFilter(filterId).then(
      (filter) => {
        if (!current) return;
        dispatch({ type: 'reset', values: formFromFilter(filter) });
        setLoading(false);
      },
      (error: unknown) => {
        if (!current) return;
        setLoadError(messageOf(error));
        setLoading(false);
      },
    );
    return () => {
      current = false;
    };
  }, [filterId, dispatch]);

  return { isLoading, loadError };
}
