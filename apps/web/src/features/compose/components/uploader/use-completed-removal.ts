import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Attachment } from '@postline/shared/attachments';
import { toast } from '@/components/ui/toast';
import { deleteAttachment } from '../../api/delete-attachment';

/** Taking an uploaded file off the message: deleted on the server, then out of the list. */
export function useCompletedRemoval(remove: (id: number) => void) {
  const { t } = useTranslation('compose');
  const [removingIds, setRemovingIds] = useState<ReadonlySet<number>>(new Set());
  const mounted = useRef(false);

  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  const removeCompleted = useCallback(
    async (attachment: Attachment) => {
      setRemovingIds((ids) => new Set(ids).add(attachment.id));
      try {
        await deleteAttachment(attachment.id);
        remove(attachment.id);
        toast.success(t('toast.attachmentRemoved'));
      } catch (error) {
        const message = error instanceof Error && error.message ? error.message : t('toast.unknownError');
        toast.error(message);
      } finally {
        if (mounted.current) {
          setRemovingIds((ids) => {
            const next = new Set(ids);
            next.delete(attachment.id);
            return next;
          });
        }
      }
    },
    [remove, t],
  );

  return { removingIds, removeCompleted };
}
