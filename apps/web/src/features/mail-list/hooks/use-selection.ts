import { useCallback, useEffect, useMemo, useState } from 'react';

/** Ticked rows of the shown page; ids that leave the page are dropped, and a new list clears it. */
export function useSelection(visibleIds: number[], resetKey: string) {
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const visibleKey = visibleIds.join(',');

  // A selection that is already empty is kept as it is: a new empty set would render the page again.
  const clear = useCallback(() => setSelected((current) => (current.size === 0 ? current : new Set())), []);
  useEffect(clear, [resetKey, clear]);

  useEffect(() => {
    const visible = new Set(visibleKey ? visibleKey.split(',').map(Number) : []);
    setSelected((current) => {
      const kept = [...current].filter((id) => visible.has(id));
      return kept.length === current.size ? current : new Set(kept);
    });
  }, [visibleKey]);

  const toggle = useCallback((id: number) => {
    setSelected((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  }, []);

  const allSelected = visibleIds.length > 0 && visibleIds.every((id) => selected.has(id));
  const someSelected = !allSelected && visibleIds.some((id) => selected.has(id));

  const toggleAll = useCallback(() => {
    setSelected(allSelected ? new Set() : new Set(visibleIds));
    // visibleKey stands for visibleIds.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [allSelected, visibleKey]);

  const ids = useMemo(() => [...selected], [selected]);

  return { selected, ids, toggle, toggleAll, clear, allSelected, someSelected };
}
