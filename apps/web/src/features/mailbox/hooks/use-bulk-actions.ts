import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { BulkInput, BulkScope } from '@postline/shared/message-requests';
import { toast } from '@/components/ui/toast';
import { messageOf } from '@/lib/api-error';
import { bulkAction } from '../api/bulk';

/** What a bulk action takes: the ticked rows, or every message of the folder ("select all N"). */
export type BulkTarget = { ids: number[] } | { scope: BulkScope; count: number };

type Request = Omit<BulkInput, 'messageIds' | 'scope'>;

/**
 * The bulk bar's actions, each one request to POST /messages/bulk (the server applies it in one
 * transaction); then the selection clears and the list and counts reload, whether or not it worked.
 */
export function useBulkActions(target: BulkTarget, onDone: () => void) {
  const { t } = useTranslation('mail');
  const [busy, setBusy] = useState(false);
  const count = 'ids' in target ? target.ids.length : target.count;

  const run = useCallback(
    async (request: Request, done?: (affected: number) => string) => {
      if (count === 0) return;
      setBusy(true);
      try {
        const { affected } = await bulkAction({
          ...request,
          ...('ids' in target ? { messageIds: target.ids } : { scope: target.scope }),
        });
        if (done) toast.success(done(affected));
      } catch (error) {
        toast.error(t('bulk.error', { reason: messageOf(error) }));
      } finally {
        setBusy(false);
        onDone();
      }
    },
    [count, target, onDone, t],
  );

  return {
    busy,
    count,
    markRead: () => run({ action: 'READ' }),
    star: () => run({ action: 'STAR' }),
    remove: () => run({ action: 'DELETE' }, (affected) => t('bulk.deleted', { count: affected })),
    move: (target: number, name: string) =>
      run({ action: 'MOVE', targetMailboxId: target }, (affected) =>
        t('bulk.moved', { count: affected, folder: name }),
      ),
  };
}
