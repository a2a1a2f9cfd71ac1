import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '@/components/ui/toast';
import { messageOf } from '@/lib/api-error';
import { deleteMessage } from '../api/delete-message';
import { markRead } from '../api/mark-read';
import { moveMessage } from '../api/move-message';
import { starMessage } from '../api/star-message';

type Action = (id: number) => Promise<unknown>;

/**
 * The bulk bar's actions: each runs once per ticked message, one after another (SPEC §2); then
 * the selection clears and the list and counts reload, whether or not every call succeeded.
 */
export function useBulkActions(ids: number[], onDone: () => void) {
  const { t } = useTranslation('mail');
  const [busy, setBusy] = useState(false);

  const run = useCallback(
    async (action: Action, done?: string) => {
      if (ids.length === 0) return;
      setBusy(true);
      let failure: unknown = null;
      for (const id of ids) {
        try {
          await action(id);
        } catch (error) {
          failure ??= error;
        }
      }
      setBusy(false);
      onDone();
      if (failure) toast.error(t('bulk.error', { reason: messageOf(failure) }));
      else if (done) toast.success(done);
    },
    [ids, onDone, t],
  );

  return {
    busy,
    markRead: () => run((id) => markRead(id, true)),
    star: () => run((id) => starMessage(id, true)),
    remove: () => run((id) => deleteMessage(id), t('bulk.deleted', { count: ids.length })),
    move: (target: number, name: string) =>
      run((id) => moveMessage(id, target), t('bulk.moved', { count: ids.length, folder: name })),
  };
}
