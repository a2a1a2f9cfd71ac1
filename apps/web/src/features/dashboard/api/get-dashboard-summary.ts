import { useCallback, useEffect, useRef, useState } from 'react';
import type { DashboardSummary } from '@postline/shared/messages';
import { api } from '@/lib/api-client';
import { messageOf } from '@/lib/api-error';
import { onNewMail } from '@/lib/events';

/** GET /dashboard/summary: counts, folders and the 5 latest inbox messages. */
export function fetchDashboardSummary(): Promise<DashboardSummary> {
  return api.get<DashboardSummary>('/dashboard/summary');
}

/** The summary, reloaded quietly when new mail arrives. */
export function useDashboardSummary() {
  const [summary, setSummary] = useState<DashboardSummary | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [loading, setLoading] = useState(true);
  const latest = useRef(0);

  const load = useCallback(() => {
    const call = ++latest.current;
    fetchDashboardSummary()
      .then((result) => {
        if (call !== latest.current) return;
        setSummary(result);
        setError(null);
      })
      .catch((failure: unknown) => {
        if (call !== latest.current) return;
        // SPEC §2: a failure of the recent list is only logged; the cards say it could not load.
        console.warn('Could not load the dashboard', failure);
        setError(messageOf(failure));
      })
      .finally(() => {
        if (call === latest.current) setLoading(false);
      });
  }, []);

  useEffect(() => {
    load();
    const stop = onNewMail(load);
    return () => {
      stop();
      latest.current += 1;
    };
  }, [load]);

  return { summary, error, loading, reload: load };
}
