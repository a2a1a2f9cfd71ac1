import { useCallback, useEffect, useRef, type Dispatch } from 'react';
import { useTranslation } from 'react-i18next';
import type { Attachment } from '@postline/shared/attachments';
import { toast } from '@/components/ui/toast';
import { ApiError } from '@/lib/api-error';
import { uploadAttachment } from '../../api/upload-attachment';
import type { UploadAction } from './upload-items';

/** A few files at a time: the rest wait as pending, so one slow file does not hold up the others. */
export const PARALLEL_UPLOADS = 3;

export interface QueuedUpload {
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

interface UploadQueueOptions {
  /** The upload items' state: started, progress, done or failed. */
  dispatch: Dispatch<UploadAction>;
  messageId: number | undefined;
  /** A file is on the server: it joins the message's attachments in the order it was picked. */
  onUploaded: (attachment: Attachment, sequence: number) => void;
}

/**
 * The uploads under way and those waiting their turn: PARALLEL_UPLOADS at a time, each with its
 * progress, a failure's toast, and one toast for a batch that is done. Leaving the page aborts them.
 * Returns what puts files in the queue.
 */
export function useUploadQueue({ dispatch, messageId, onUploaded }: UploadQueueOptions) {
  const { t } = useTranslation('compose');
  const queue = useRef<QueuedUpload[]>([]);
  const running = useRef(new Map<string, AbortController>());
  const batchSucceeded = useRef(0);
  const mounted = useRef(false);

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
          onUploaded(attachment, entry.sequence);
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
  }, [dispatch, onUploaded, messageId, t]);

  const enqueue = useCallback(
    (entries: QueuedUpload[]) => {
      if (running.current.size === 0 && queue.current.length === 0) batchSucceeded.current = 0;
      queue.current.push(...entries);
      pump();
    },
    [pump],
  );

  return enqueue;
}
