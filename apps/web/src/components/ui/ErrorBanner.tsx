import { useTranslation } from 'react-i18next';

interface ErrorBannerProps {
  message: string;
  /** A second line under the screen's own words: the server's reason. */
  detail?: string | null;
  /** A store's error stays until the user closes it (SPEC §2); a form's goes with the next submit. */
  onClose?: () => void;
}

/** The app's one error banner: a screen's or a form's failure, read out as it appears. */
export function ErrorBanner({ message, detail, onClose }: ErrorBannerProps) {
  const { t } = useTranslation('common');
  return (
    <div
      role="alert"
      className="mb-4 flex items-start justify-between gap-4 rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800"
    >
      <div>
        <p className={detail ? 'font-medium' : undefined}>{message}</p>
        {detail && detail !== message && <p className="mt-0.5 text-red-700">{detail}</p>}
      </div>
      {onClose && (
        <button
          type="button"
          onClick={onClose}
          className="shrink-0 font-medium text-red-700 underline underline-offset-2 hover:text-red-900"
        >
          {t('actions.close')}
        </button>
      )}
    </div>
  );
}
