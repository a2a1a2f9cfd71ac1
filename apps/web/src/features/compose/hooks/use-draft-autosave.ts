import { useEffect, type RefObject } from 'react';
import { subscribeApiEvents } from '@/lib/api-session';
import { keepCurrentLocally, saveDraftNow } from './draft-saving';
import {
  composeFieldsOf,
  selectHasUnsavedChanges,
  useComposeForm,
  type ComposeFormState,
} from './use-compose-form';

/**
 * Gmail saves a few seconds after typing stops; sooner would send a request for every pause. An
 * object, so a test can make it as long or short as its case needs.
 */
export const autosaveTiming = { idleMs: 2_500 };
/** The copy in this browser follows the typing closely: a crash loses at most this much. */
const LOCAL_COPY_MS = 300;

const sameFields = (a: ComposeFormState, b: ComposeFormState) =>
  JSON.stringify(composeFieldsOf(a)) === JSON.stringify(composeFieldsOf(b));

/**
 * While a composer is open: every change is written to this browser within a moment, and the
 * draft is saved on the server once typing has stopped for a moment (autosaveTiming), when the tab is
 * hidden, and when the composer closes (a navigation, the session's end). Then the form is emptied,
 * after that last save has taken what it holds, unless `handOver` says another composer takes the
 * mail on (a reply opened in the full composer).
 */
export function useDraftAutosave(handOver?: RefObject<boolean>): void {
  useEffect(() => {
    let idle: ReturnType<typeof setTimeout> | undefined;
    let local: ReturnType<typeof setTimeout> | undefined;
    const unsubscribe = useComposeForm.subscribe((state, previous) => {
      if (state.startNumber !== previous.startNumber) {
        clearTimeout(idle);
        clearTimeout(local);
        // A mail that starts with what this browser kept unsaved goes up as if just typed.
        if (selectHasUnsavedChanges(state))
          idle = setTimeout(() => void saveDraftNow(), autosaveTiming.idleMs);
        return;
      }
      if (sameFields(state, previous) || !selectHasUnsavedChanges(state)) return;
      clearTimeout(local);
      local = setTimeout(keepCurrentLocally, LOCAL_COPY_MS);
      clearTimeout(idle);
      idle = setTimeout(() => void saveDraftNow(), autosaveTiming.idleMs);
    });
    // Signed in again after the session ended: what waited in this browser goes up now.
    const unsubscribeSession = subscribeApiEvents((event) => {
      if (event.type === 'session-restored' && selectHasUnsavedChanges(useComposeForm.getState()))
        void saveDraftNow();
    });
    const onPageHide = () => keepCurrentLocally();
    const onVisibility = () => {
      if (document.visibilityState !== 'hidden') return;
      keepCurrentLocally();
      if (selectHasUnsavedChanges(useComposeForm.getState())) void saveDraftNow();
    };
    window.addEventListener('pagehide', onPageHide);
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      unsubscribe();
      unsubscribeSession();
      clearTimeout(idle);
      clearTimeout(local);
      window.removeEventListener('pagehide', onPageHide);
      document.removeEventListener('visibilitychange', onVisibility);
      if (selectHasUnsavedChanges(useComposeForm.getState())) void saveDraftNow();
      // The save above took the form as it is; a later visit starts from what the server has.
      // Read as the composer closes, on purpose: the hand-over is decided just before.
      // eslint-disable-next-line react-hooks/exhaustive-deps
      if (!handOver?.current) useComposeForm.getState().reset();
    };
  }, [handOver]);
}
