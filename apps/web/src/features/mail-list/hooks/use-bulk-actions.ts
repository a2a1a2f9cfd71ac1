import { useTranslation } from 'react-i18next';
import type { BulkInput, BulkScope } from '@postline/shared/message-requests';
import { toast } from '@/components/ui/toast';
import { messageOf } from '@/lib/api-error';
import { invalidateMail, patchMessages, removeMessages } from '@/features/mail/cache';
import { useOptimisticMail } from '@/features/mail/queries';
import { bulkAction } from '../api/bulk';

/** What a bulk action takes: the ticked rows, or every message of the folder ("select all N"). */
export type BulkTarget = { ids: number[] } | { scope: BulkScope; count: number };

type Request = Omit<BulkInput, 'messageIds' | 'scope'>;

interface BulkRun {
  request: Request;
  target: BulkTarget;
  done?: ((affected: number) => string) | undefined;
}

/**
 * The bulk bar's actions, each one request to POST /messages/bulk (the server applies it in one
 * transaction). Ticked rows change at once (read, starred, gone); a whole folder waits for the
 * server. Then the selection clears and lists and counts reload, whether or not it worked.
 */
export function useBulkActions(target: BulkTarget, onDone: () => void) {
  const { t } = useTranslation('mailList');
  const count = 'ids' in target ? target.ids.length : target.count;

  const mutation = useOptimisticMail({
    mutationFn: ({ request, target: on }: BulkRun) =>
      bulkAction({ ...request, ...('ids' in on ? { messageIds: on.ids } : { scope: on.scope }) }),
    apply: (client, { request, target: on }) => {
      if (!('ids' in on)) return;
      if (request.action === 'READ') patchMessages(client, on.ids, { isRead: true });
      else if (request.action === 'UNREAD') patchMessages(client, on.ids, { isRead: false });
      else if (request.action === 'STAR') patchMessages(client, on.ids, { isStarred: true });
      else if (request.action === 'DELETE' || request.action === 'MOVE' || request.action === 'RESTORE')
        removeMessages(client, on.ids);
    },
    onError: (error) => toast.error(t('bulk.error', { reason: messageOf(error) })),
    onSuccess: ({ affected }, { done }) => {
      if (done) toast.success(done(affected));
    },
    settle: (client) => {
      onDone();
      return invalidateMail(client);
    },
  });

  const run = (request: Request, done?: (affected: number) => string) => {
    if (count === 0) return Promise.resolve();
    return mutation.mutateAsync({ request, target, done }).then(
      () => undefined,
      () => undefined,
    );
  };

  return {
    busy: mutation.isPending,
    count,
    markRead: () => run({ action: 'READ' }),
    markUnread: () => run({ action: 'UNREAD' }),
    /** Trash only: each back to the folder it came from (issue 34). */
    restore: () => run({ action: 'RESTORE' }, (affected) => t('bulk.restored', { count: affected })),
    star: () => run({ action: 'STAR' }),
    remove: () => run({ action: 'DELETE' }, (affected) => t('bulk.deleted', { count: affected })),
    move: (target: number, name: string) =>
      run({ action: 'MOVE', targetMailboxId: target }, (affected) =>
        t('bulk.moved', { count: affected, folder: name }),
      ),
  };
}
