import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { LeaveSaving } from '@/components/LeaveGuard';
import { toast } from '@/components/ui/toast';
import { messageOf } from '@/lib/api-error';
import { discardComposition, saveDraftNow } from './draft-saving';

/**
 * The three answers to "you have unsaved changes" (issue 34), the same on the compose page and in
 * the reply and forward dialogs: keep writing, save a draft, or discard.
 */
export function useLeaveSaving(): LeaveSaving {
  const { t } = useTranslation('compose');
  return useMemo(
    () => ({
      saveLabel: t('confirm.saveDraft'),
      onSave: async () => {
        const outcome = await saveDraftNow();
        if (outcome.kind === 'saved' || outcome.kind === 'empty') return true;
        if (outcome.kind === 'invalid') toast.error(t(`toast.${outcome.problem}`));
        else toast.error(`${t('toast.draftError')} ${messageOf(outcome.error)}`);
        return false;
      },
      onDiscard: () => discardComposition(),
    }),
    [t],
  );
}
