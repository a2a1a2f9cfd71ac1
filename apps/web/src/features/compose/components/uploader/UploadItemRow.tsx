import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/Button';
import { formatBytes } from '@/lib/sizes';
import { AlertIcon, CloseIcon, FileIcon } from '@/components/ui/icons';
import type { UploadItem } from './upload-items';

interface UploadItemRowProps {
  item: UploadItem;
  /** Retry and remove wait while other uploads run (SPEC §2: disabled while uploads run). */
  locked: boolean;
  onRetry(key: string): void;
  onRemove(key: string): void;
}

/** One file on its way: waiting, its progress while sending, or why it failed and what to do. */
export function UploadItemRow({ item, locked, onRetry, onRemove }: UploadItemRowProps) {
  const { t } = useTranslation('compose');
  const percent = Math.round(item.progress * 100);
  const failed = item.status === 'error';

  return (
    <li
      data-status={item.status}
      className={
        failed
          ? 'rounded-lg border border-red-200 bg-red-50 px-3 py-2'
          : 'rounded-lg border border-gray-200 bg-white px-3 py-2'
      }
    >
      <div className="flex items-center gap-2">
        {failed ? (
          <AlertIcon size={18} className="shrink-0 text-red-600" />
        ) : (
          <FileIcon size={18} className="shrink-0 text-gray-400" />
        )}
        <span className="min-w-0 flex-1 truncate text-sm font-medium text-gray-800" title={item.name}>
          {item.name}
        </span>
        <span className="shrink-0 text-xs text-gray-500">{formatBytes(item.file.size)}</span>
        {!failed && (
          <span className="w-24 shrink-0 text-right text-xs text-gray-600" aria-live="polite">
            {item.status === 'pending' ? t('attachments.pending') : t('attachments.uploading', { percent })}
          </span>
        )}
      </div>
      {!failed && (
        <div
          role="progressbar"
          aria-label={t('attachments.progressLabel', { name: item.name })}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={percent}
          className="mt-2 h-1.5 overflow-hidden rounded-full bg-gray-100"
        >
          <div
            className="h-full rounded-full bg-brand-500 transition-[width] duration-200"
            style={{ width: `${percent}%` }}
          />
        </div>
      )}
      {failed && (
        <div className="mt-1.5 flex flex-wrap items-center gap-2">
          <p role="alert" className="min-w-0 flex-1 text-sm text-red-700">
            {t('attachments.failed', { error: item.error ?? t('toast.unknownError') })}
            <span className="block text-xs text-red-600">
              {t(item.retryable ? 'attachments.retryNotice' : 'attachments.retryHint')}
            </span>
          </p>
          {item.retryable && (
            <Button
              size="sm"
              variant="secondary"
              disabled={locked}
              onClick={() => onRetry(item.key)}
              aria-label={t('attachments.retryLabel', { name: item.name })}
            >
              {t('attachments.retry')}
            </Button>
          )}
          <Button
            size="sm"
            variant="ghost"
            disabled={locked}
            onClick={() => onRemove(item.key)}
            aria-label={t('attachments.remove', { name: item.name })}
            icon={<CloseIcon size={16} />}
          />
        </div>
      )}
    </li>
  );
}
