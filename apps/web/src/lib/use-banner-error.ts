import { useState } from 'react';
import { messageOf } from './api-error';

/**
 * A page's error banner (SPEC §2, §8): the failure of a change the page made, or else the first
 * of its queries' load failures, until the user closes it. A load that fails again shows again;
 * the banner belongs to this visit of the page and is gone when the page is left.
 */
export function useBannerError(loadError: unknown) {
  const [changeError, setChangeError] = useState<string | null>(null);
  const [dismissed, setDismissed] = useState<unknown>(null);
  const shownLoadError = loadError && loadError !== dismissed ? messageOf(loadError) : null;

  return {
    error: changeError ?? shownLoadError,
    clearError() {
      setChangeError(null);
      setDismissed(loadError);
    },
    /** Runs a change; its failure goes to the banner and is rethrown, so callers confirm only what worked. */
    async guard<T>(change: () => Promise<T>): Promise<T> {
      try {
        return await change();
      } catch (error) {
        setChangeError(messageOf(error));
        throw error;
      }
    },
  };
}
