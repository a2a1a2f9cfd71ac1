import { useCallback, useEffect, useLayoutEffect, useReducer, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Attachment } from '@postline/shared/attachments';
import { checkComposeFile, describeAllowedTypes } from '@postline/shared/attachment-rules';
import { COMPOSE_MAX_FILE_BYTES, COMPOSE_MAX_FILES } from '@postline/shared/limits';
import { toast } from '@/components/ui/toast';
import { ApiError } from '@/lib/api-error';
import { deleteAttachment } from '../../api/delete-attachment';
import { useAttachmentRules } from '../../queries';
import { uploadAttachment } from '../../api/upload-attachment';
import { planUploads, type RefusedFile } from './plan-uploads';
import { initialUploadState, isActive, uploadReducer } from './upload-items';

/** A few files at a time: the rest wait as pending, so one slow file does not hold up the others. */
export const PARALLEL_UPLOADS = 3;
const MAX_SIZE_MB = COMPOSE_MAX_FILE_BYTES / (1024 * 1024);

export interface AttachmentUploadsOptions {
  value: Attachment[];
  onChange(next: Attachment[]): void;
  messageId?: number | undefined;
}

interface QueuedUpload {
  key: string;
  sequence: number;
  file: File;
  name: string;
}

/** A cut connection, a timeout or a busy server may pass; a refused file will be refused again. */
function isRetryable(error: unknown): boolean {
  if (!(error instanceof ApiError)) return true;
  if (error.kind === 'network' || error.kind === 'timeout') return true;
  return error.status >= 500 || error.status === 408 || error.status === 429;
}

/** Selection order across the page's life: it places finished files as they were picked. */
let nextSequence = 0;

/** The upload queue behind the compose uploader: checks, progress, retries, removal, toasts. */
export function useAttachmentUploads({ value, onChange, messageId }: AttachmentUploadsOptions) {
  const { t } = useTranslation('compose');
  const rules = useAttachmentRules();
  const [state, dispatch] = useReducer(uploadReducer, initialUploadState);
  const [removingIds, setRemovingIds] = useState<ReadonlySet<number>>(new Set());

  // Uploads finish one by one after renders the parent may not have caught up with yet; each
  // success extends the latest list, not the one of the render that started it.
  const valueRef = useRef(value);
  const onChangeRef = useRef(onChange);
  const queue = useRef<QueuedUpload[]>([]);
  const running = useRef(new Map<string, AbortController>());
  const batchSucceeded = useRef(0);
  const mounted = useRef(false);

  // Only a new list from the parent replaces the ref: a render that still carries the list from
  // before the last upload's hand-over must not take that upload back out.
  const lastValue = useRef(value);
  useLayoutEffect(() => {
    if (value !== lastValue.current) {
      lastValue.current = value;
      valueRef.current = value;
    }
    onChangeRef.current = onChange;
  });

  useEffect(() => {
    mounted.current = true;
    const inFlight = running.current;
    return () => {
      mounted.current = false;
      queue.current = [];
      for (const controller of inFlight.values()) controller.abort();
      inFlight.clear();
    };
  }, []);

  // Files finish in any order; the list keeps the order they were picked in.
  const sequenceOf = useRef(new Map<number, number>());

  const handOver = useCallback((attachment: Attachment, sequence: number) => {
    sequenceOf.current.set(attachment.id, sequence);
    const current = valueRef.current;
    const later = current.findIndex((a) => (sequenceOf.current.get(a.id) ?? -1) > sequence);
    const at = later === -1 ? current.length : later;
    const next = [...current.slice(0, at), attachment, ...current.slice(at)];
    valueRef.current = next;
    onChangeRef.current(next);
  }, []);

  const pump = useCallback(() => {
    while (running.current.size < PARALLEL_UPLOADS && queue.current.length > 0) {
      const entry = queue.current.shift()!;
      const controller = new AbortController();
      running.current.set(entry.key, controller);
      dispatch({ type: 'started', key: entry.key });
      let shown = 0;
      uploadAttachment(entry.file, {
        fileName: entry.name,
        messageId,
        signal: controller.signal,
        onProgress: (fraction) => {
          // Whole percents are enough for the bar and spare a render per network chunk.
          const percent = Math.floor(fraction * 100);
          if (percent === shown) return;
          shown = percent;
          dispatch({ type: 'progressed', key: entry.key, progress: fraction });
        },
      })
        .then((attachment) => {
          if (controller.signal.aborted) return;
          dispatch({ type: 'succeeded', key: entry.key });
          batchSucceeded.current += 1;
          handOver(attachment, entry.sequence);
        })
        .catch((error: unknown) => {
          if (controller.signal.aborted) return;
          const message = error instanceof Error && error.message ? error.message : t('toast.unknownError');
          dispatch({ type: 'failed', key: entry.key, error: message, retryable: isRetryable(error) });
          toast.error(t('toast.uploadFailed', { name: entry.name, error: message }));
        })
        .finally(() => {
          if (!mounted.current) return;
          running.current.delete(entry.key);
          if (running.current.size === 0 && queue.current.length === 0) {
            if (batchSucceeded.current > 0) {
              toast.success(t('toast.filesUploaded', { count: batchSucceeded.current }));
            }
            batchSucceeded.current = 0;
          } else {
            pump();
          }
        });
    }
  }, [handOver, messageId, t]);

  const enqueue = useCallback(
    (entries: QueuedUpload[]) => {
      if (running.current.size === 0 && queue.current.length === 0) batchSucceeded.current = 0;
      queue.current.push(...entries);
      pump();
    },
    [pump],
  );

  const refuse = useCallback(
    (refused: RefusedFile[]) => {
      const byReason = new Map<RefusedFile['reason'], RefusedFile[]>();
      for (const entry of refused) byReason.set(entry.reason, [...(byReason.get(entry.reason) ?? []), entry]);
      for (const [reason, files] of byReason) {
        let message = t(`attachments.${reason}`, { max: MAX_SIZE_MB });
        // Issue 34: a refused type is told what it could have been.
        if (reason === 'invalidFileType') {
          const types = describeAllowedTypes(rules.allowedExtensions, (group) =>
            t(`attachments.typeGroups.${group}`),
          );
          message = `${message} ${t('attachments.allowedTypes', { types })}`;
        }
        const names = files.map((entry) => entry.file.name).join(', ');
        toast.error(t('attachments.refused', { message, names }));
      }
    },
    [t, rules],
  );

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
          count: valueRef.current.length + state.items.length,
          names: [
            ...valueRef.current.map((a) => a.originalFilename),
            ...state.items.map((item) => item.name),
          ],
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
    [enqueue, refuse, retry, rules, state.items, t],
  );

  const dismiss = useCallback((key: string) => dispatch({ type: 'removed', key }), []);

  const removeCompleted = useCallback(
    async (attachment: Attachment) => {
      setRemovingIds((ids) => new Set(ids).add(attachment.id));
      try {
        await deleteAttachment(attachment.id);
        const next = valueRef.current.filter((a) => a.id !== attachment.id);
        valueRef.current = next;
        onChangeRef.current(next);
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
    [t],
  );

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
