import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Button } from '@/components/ui/Button';
import { LoadingBlock } from '@/components/ui/Spinner';
import { paths } from '@/lib/paths';

interface NotShownProps {
  loading: boolean;
  notFound: boolean;
  error: string | null;
  reload: () => void;
  /** The screen's heading (kept for screen readers while it loads), its loading and not-found texts. */
  title: string;
  loadingText: string;
  notFoundText: string;
}

/**
 * What the message and conversation screens show before they can show their mail: a spinner
 * while it loads, else why it is not there, with the way back to the inbox and, for a failure
 * that may pass, Retry.
 */
export function NotShown({
  loading,
  notFound,
  error,
  reload,
  title,
  loadingText,
  notFoundText,
}: NotShownProps) {
  const { t } = useTranslation('message');
  const navigate = useNavigate();
  return (
    <section>
      <h1 className={loading ? 'sr-only' : 'mb-4 text-2xl font-semibold text-gray-900'}>{title}</h1>
      {loading ? (
        <LoadingBlock label={loadingText} />
      ) : (
        <div role="alert" className="rounded-xl border border-gray-200 bg-white px-6 py-12 text-center">
          <p className="text-gray-700">{notFound ? notFoundText : error}</p>
          <div className="mt-6 flex justify-center gap-2">
            <Button variant="secondary" onClick={() => navigate(paths.mailList('inbox'))}>
              {t('backToInbox')}
            </Button>
            {!notFound && <Button onClick={reload}>{t('retry')}</Button>}
          </div>
        </div>
      )}
    </section>
  );
}
