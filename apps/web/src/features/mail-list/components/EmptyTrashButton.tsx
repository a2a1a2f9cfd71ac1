import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/Button';
import { ConfirmDialog } from '@/components/ui/ConfirmDialog';
import { toast } from '@/components/ui/toast';
import { messageOf } from '@/lib/api-error';
import { emptyTrash } from '../api/empty-trash';

/** Empties the trash for good, after asking. */
export function EmptyTrashButton({ onEmptied }: { onEmptied: () => void }) {
  const { t } = useTranslation('mailList');
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);

  async function confirm() {
    setBusy(true);
    try {
      const { deleted } = await emptyTrash();
      toast.success(t('trash.emptied', { count: deleted }));
      onEmptied();
    } catch (error) {
      toast.error(messageOf(error));
    } finally {
      setBusy(false);
      setAsking(false);
    }
  }

  return (
    <>
      <Button variant="secondary" onClick={() => setAsking(true)}>
        {t('trash.empty')}
      </Button>
      <ConfirmDialog
        open={asking}
        tone="danger"
        title={t('trash.confirmTitle')}
        message={t('trash.confirmMessage')}
        confirmLabel={t('trash.empty')}
        isLoading={busy}
        onCancel={() => setAsking(false)}
        onConfirm={() => void confirm()}
      />
    </>
  );
}
