import clsx from 'clsx';
import { useTranslation } from 'react-i18next';
import { useRealtimeStatus } from '@/lib/realtime-status';

/** The real-time link's state (SPEC §2), as set by the STOMP client. */
export function ConnectionIndicator() {
  const { t } = useTranslation('connection');
  const connected = useRealtimeStatus((state) => state.connected);
  return (
    <div role="status" className="flex items-center gap-2 px-3 py-2 text-xs text-gray-500">
      <span
        aria-hidden="true"
        className={clsx('h-2 w-2 rounded-full', connected ? 'bg-green-500' : 'bg-gray-400')}
      />
      <span>
        <span className="sr-only">{t('label')}: </span>
        {connected ? t('connected') : t('disconnected')}
      </span>
    </div>
  );
}
