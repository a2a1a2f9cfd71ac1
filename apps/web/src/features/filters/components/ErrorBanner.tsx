import { useTranslation } from 'react-i18next';
import { CloseIcon } from '@/components/ui/icons';
import { useFiltersStore } from '../store';

/** The screen's dismissible error banner (SPEC §2, §8). */
export function ErrorBanner() {
  const { t } = useTranslation('filters');
  const error = useFiltersStore((state) => state.error);
  const dismissError = useFiltersStore((state) => state.dismissError);
  if (!error) return null;
  const title = t(`errors.${error.key}`);
  return (
    <div
      role="alert"
      className="mb-4 flex items-start justify-between gap-4 rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800"
    >
      <div>
        <p className="font-medium">{title}</p>
        {error.detail && error.detail !== title && <p className="mt-0.5 text-red-700">{error.detail}</p>}
      </div>
      <button
        type="button"
        onClick={dismissError}
        aria-label={t('errors.dismiss')}
        className="rounded-full p-1 text-red-700 hover:bg-red-100"
      >
        <CloseIcon size={16} />
      </button>
    </div>
  );
}
