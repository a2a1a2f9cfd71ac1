import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/Button';
import { toast } from '@/components/ui/toast';
import { messageOf } from '@/lib/api-error';
import { formatFullDate } from '@/lib/dates';
import { useComposeForm } from '../hooks/use-compose-form';
import { useCancelScheduled, useSendScheduledNow } from '../queries';

/**
 * A mail from Scheduled opened in the composer (issue 36): when it goes, Send now, and Cancel
 * (back to Drafts, to go on writing). Editing it takes it off the schedule too (the server's rule).
 */
export function ScheduledBanner({ onSentNow }: { onSentNow: () => void }) {
  const { t, i18n } = useTranslation('compose');
  const waitingUntil = useComposeForm((state) => state.waitingUntil);
  const draftId = useComposeForm((state) => state.draftId);
  const cancel = useCancelScheduled();
  const sendNow = useSendScheduledNow();
  const [busy, setBusy] = useState<'now' | 'cancel' | null>(null);
  if (!waitingUntil || draftId === null) return null;

  async function act(kind: 'now' | 'cancel', id: number) {
    setBusy(kind);
    try {
      if (kind === 'now') {
        await sendNow(id);
        toast.success(t('scheduled.sentNow'));
        onSentNow();
      } else {
        await cancel(id);
        useComposeForm.getState().setWaitingUntil(null);
        toast.success(t('scheduled.cancelled'));
      }
    } catch (error) {
      toast.error(`${t('scheduled.failed')} ${messageOf(error)}`);
    } finally {
      setBusy(null);
    }
  }

  return (
    <div
      role="status"
      className="mb-4 flex flex-wrap items-center gap-3 rounded-lg border border-brand-200 bg-brand-50 px-4 py-3 text-sm text-brand-800"
    >
      <p className="mr-auto">
        {t('scheduled.waiting', {
          time: formatFullDate(waitingUntil, i18n.resolvedLanguage ?? i18n.language),
        })}
      </p>
      <Button
        size="sm"
        isLoading={busy === 'now'}
        disabled={busy !== null}
        onClick={() => void act('now', draftId)}
      >
        {t('scheduled.sendNow')}
      </Button>
      <Button
        size="sm"
        variant="secondary"
        isLoading={busy === 'cancel'}
        disabled={busy !== null}
        onClick={() => void act('cancel', draftId)}
      >
        {t('scheduled.cancel')}
      </Button>
    </div>
  );
}
