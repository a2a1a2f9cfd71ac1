import { useTranslation } from 'react-i18next';

/** A store's error (SPEC §2): it stays until the user closes it. */
export function ErrorBanner({ message, onClose }: { message: string; onClose: () => void }) {
  const { t } = useTranslation('common');
  return (
    <div
      role="alert"
      className="mb-4 flex items-start justify-between gap-4 rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800"
    >
      <p>{message}</p>
      <button
        type="button"
        onClick={onClose}
        className="shrink-0 font-medium text-red-700 underline underline-offset-2 hover:text-red-900"
      >
        {t('actions.close')}
      </button>
    </div>
  );
}
