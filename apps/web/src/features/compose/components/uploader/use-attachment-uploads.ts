import { useCallback, useReducer } from 'react';
import { useTranslation } from 'react-i18next';
import type { Attachment } from '@postline/shared/attachments';
import { checkComposeFile } from '@postline/shared/attachment-rules';
import { COMPOSE_MAX_FILES } from '@postline/shared/limits';
import { toast } from '@/components/ui/toast';
import { useAttachmentRules } from '../../queries';
import { planUploads } from './plan-uploads';
import { initialUploadState, isActive, uploadReducer } from './upload-items';
import { useAttachedList } from './use-attached-list';
import { useCompletedRemoval } from './use-completed-removal';
import { useRefusalToasts } from './use-refusal-toasts';
import { useUploadQueue } from './use-upload-queue';

export interface AttachmentUploadsOptions {
  value: Attachment[];
  onChange(next: Attachment[]): void;
  messageId?: number | undefined;
}

/** Selection order across the page's life: it places finished files as they were picked. */
let nextSequence = 0;

/**
 * The compose uploader's files: picked files checked (refusals said), queued and uploaded
 * (use-upload-queue.ts), handed over to the message's list in the order picked
 * (use-attached-list.ts), retried, dismissed, or taken off again (use-completed-removal.ts).
 */
export function useAttachmentUploads({ value, onChange, messageId }: AttachmentUploadsOptions) {
  const { t } = useTranslation('compose');
  const rules = useAttachmentRules();
  const [state, dispatch] = useReducer(uploadReducer, initialUploadState);
  const { current: attachedNow, handOver, remove } = useAttachedList(value, onChange);
  const enqueue = useUploadQueue({ dispatch, messageId, onUploaded: handOver });
  const refuse = useRefusalToasts(rules);
  const { removingIds, removeCompleted } = useCompletedRemoval(remove);

  const retry = useCallback(
    (key: string, file?: File) => {
      const item = state.items.find((candidate) => candidate.key === key);
      if (item?.status !== 'error') return;
      dispatch({ type: 'retried', key, file });
      enqueue([{ key, sequence: item.sequence, file: file ?? item.file, name: item.name }]);
    },
    [enqueue, state.items],
  );

  const addFiles = useCallback(
    (selected: readonly File[]) => {
      if (selected.length === 0) return;
      // A failed file picked again under its name takes its old place (the retry hint).
      const failed = new Map(
        state.items.filter((item) => item.status === 'error').map((item) => [item.name, item]),
      );
      const files: File[] = [];
      for (const file of selected) {
        const earlier = failed.get(file.name.normalize('NFC'));
        if (earlier && checkComposeFile(file, rules) === null) {
          failed.delete(earlier.name);
          retry(earlier.key, file);
        } else {
          files.push(file);
        }
      }
      if (files.length === 0) return;
      const plan = planUploads(
        files,
        {
          count: attachedNow().length + state.items.length,
          names: [...attachedNow().map((a) => a.originalFilename), ...state.items.map((item) => item.name)],
        },
        rules,
      );
      refuse(plan.refused);
      if (plan.tooMany) {
        toast.error(t('attachments.maxFilesExceeded', { max: COMPOSE_MAX_FILES }));
        return;
      }
      const entries = plan.accepted.map((entry) => {
        nextSequence += 1;
        return { ...entry, key: `upload-${nextSequence}`, sequence: nextSequence };
      });
      for (const entry of entries) {
        if (entry.name !== entry.file.name.normalize('NFC')) {
          toast.show(t('attachments.renamed', { from: entry.file.name, to: entry.name }));
        }
      }
      if (entries.length === 0) return;
      dispatch({ type: 'added', entries });
      enqueue(entries);
    },
    [attachedNow, enqueue, refuse, retry, rules, state.items, t],
  );

  const dismiss = useCallback((key: string) => dispatch({ type: 'removed', key }), []);

  return {
    state,
    isUploading: state.items.some(isActive),
    removingIds,
    addFiles,
    retry,
    dismiss,
    removeCompleted,
  };
}
