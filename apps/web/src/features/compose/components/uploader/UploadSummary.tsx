import { useTranslation } from 'react-i18next';
import { batchProgress, type UploadState } from './upload-items';

/** "2 of 3 uploaded" with the run's overall bar, while uploads are running. */
export function UploadSummary({ state }: { state: UploadState }) {
  const { t } = useTranslation('compose');
  const percent = Math.round(batchProgress(state) * 100);
  const text = t('attachments.progress', { done: state.batch.done, total: state.batch.total });

  return (
    <div className="rounded-lg bg-brand-50 px-3 py-2">
      <div className="flex items-center justify-between text-xs font-medium text-brand-700">
        <span role="status">{text}</span>
        <span aria-hidden="true">{percent}%</span>
      </div>
      <div
        role="progressbar"
        aria-label={t('attachments.summaryLabel')}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={`${text} (${percent}%)`}
        className="mt-1.5 h-1.5 overflow-hidden rounded-full bg-white"
      >
        <div
          className="h-full rounded-full bg-brand-500 transition-[width] duration-200"
          style={{ width: `${percent}%` }}
        />
      </div>
    </div>
  );
}
