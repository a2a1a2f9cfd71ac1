import { useMemo, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import type { LeaveSaving } from '@/components/LeaveGuard';
import { toast } from '@/components/ui/toast';
import { messageOf } from '@/lib/api-error';
import { discardComposition, saveDraftNow } from './draft-saving';

/**
 * The three answers to "you have unsaved changes" (issue 34), the same on the compose page and in
 * the reply and forward dialogs: keep writing, save a draft, or discard. `leaving` is true from
 * "save draft" until the save failed (the page stays) or the page is gone.
 */
export function useLeaveSaving(leaving?: RefObject<boolean>): LeaveSaving {
  const { t } = useTranslation('compose');
  return useMemo(
    () => ({
      saveLabel: t('confirm.saveDraft'),
      onSave: async () => {
        // Said before the save: the page must not move its own address on the way out.
        if (leaving) leaving.current = true;
        const outcome = await saveDraftNow();
        if (outcome.kind === 'saved' || outcome.kind === 'empty') return true;
        if (leaving) leaving.current = false;
        if (outcome.kind === 'invalid') toast.error(t(`toast.${outcome.problem}`));
        else toast.error(`${t('toast.draftError')} ${messageOf(outcome.error)}`);
        return false;
      },
      onDiscard: () => discardComposition(),
    }),
    [t, leaving],
  );
}
