import { useTranslation } from 'react-i18next';
import { formatMailTime } from '@/lib/dates';
import { useComposeForm } from '../hooks/use-compose-form';

/**
 * The quiet line that says where the writing is kept (issue 34): saving, saved at a time, or kept
 * in this browser only (no subject yet, signed out, or the server did not answer). Announced
 * politely, never as an alert: it changes every few seconds while someone types.
 */
export function DraftStatus() {
  const { t, i18n } = useTranslation('compose');
  const status = useComposeForm((state) => state.saveStatus);
  const savedAt = useComposeForm((state) => state.savedAt);
  const text =
    status === 'saving'
      ? t('status.saving')
      : status === 'saved' && savedAt !== null
        ? t('status.saved', { time: formatMailTime(savedAt, new Date(), i18n.resolvedLanguage) })
        : status === 'local'
          ? t('status.local')
          : status === 'failed'
            ? t('status.failed')
            : '';
  return (
    // aria-live without role="status": announced politely, but not one of the toasts tests and
    // screen readers wait to go.
    <p aria-live="polite" data-testid="draft-status" className="text-xs text-gray-500">
      {text}
    </p>
  );
}
