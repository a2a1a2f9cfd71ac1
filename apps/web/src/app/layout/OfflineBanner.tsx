import { useTranslation } from 'react-i18next';
import { useOnline } from '@/lib/online';

/**
 * Says the browser is offline, under the top bar of every signed-in page (issue 34): the pages keep
 * what they show, loads wait for the network, and the real-time link comes back by itself.
 */
export function OfflineBanner() {
  const { t } = useTranslation('connection');
  const online = useOnline();
  if (online) return null;
  return (
    <div
      role="status"
      data-testid="offline-banner"
      className="sticky top-16 z-10 border-b border-amber-200 bg-amber-50 px-4 py-2 text-sm text-amber-900 lg:px-8 print:hidden"
    >
      <strong className="font-semibold">{t('offline.title')}</strong> {t('offline.detail')}
    </div>
  );
}
