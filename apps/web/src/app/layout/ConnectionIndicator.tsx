import clsx from 'clsx';
import { useTranslation } from 'react-i18next';
import { REALTIME_MAX_ATTEMPTS } from '@postline/shared/limits';
import { useOnline } from '@/lib/online';
import { closeReasonKey, useRealtimeStatus, type RealtimePhase } from '@/lib/realtime-status';

const DOT: Record<RealtimePhase | 'offline', string> = {
  offline: 'bg-gray-400',
  idle: 'bg-gray-400',
  connecting: 'bg-amber-400 animate-pulse',
  connected: 'bg-green-500',
  reconnecting: 'bg-red-500 animate-pulse',
  failed: 'bg-red-500',
};

/**
 * The real-time link's state in the sidebar (SPEC §2), as the STOMP client reports it: connected
 * or disconnected, with the retry count and the reason while it is down, and a way to try again
 * once the retries have run out.
 */
export function ConnectionIndicator() {
  const { t } = useTranslation('connection');
  const online = useOnline();
  const linkPhase = useRealtimeStatus((state) => state.phase);
  // Offline, the socket may still look open and the retries spin on; the browser knows better.
  const phase: RealtimePhase | 'offline' = online ? linkPhase : 'offline';
  const attempt = useRealtimeStatus((state) => state.attempt);
  const closeCode = useRealtimeStatus((state) => state.closeCode);
  const reasonKey = closeReasonKey(closeCode);
  const reason =
    reasonKey && (phase === 'reconnecting' || phase === 'failed') ? t(reasonKey, { code: closeCode }) : null;

  // SPEC §2 names two states; the attempt in progress is the detail line.
  const label =
    phase === 'connected' ? t('connected') : phase === 'offline' ? t('offline.label') : t('disconnected');
  const detail =
    phase === 'connecting'
      ? t('connecting')
      : phase === 'reconnecting'
        ? t('reconnecting', { attempt, max: REALTIME_MAX_ATTEMPTS })
        : null;

  return (
    <div className="px-6 py-2 text-xs text-gray-500" data-testid="connection-indicator" data-phase={phase}>
      <div role="status" className="flex items-center gap-2">
        <span aria-hidden="true" className={clsx('h-2 w-2 shrink-0 rounded-full', DOT[phase])} />
        <span>
          <span className="sr-only">{t('label')}: </span>
          <span className={clsx(phase === 'connected' ? 'text-gray-600' : 'font-medium text-gray-700')}>
            {label}
          </span>
        </span>
      </div>
      {(detail || reason) && (
        <p className="mt-0.5 pl-4 text-[11px] leading-4 text-gray-500">
          {[detail, reason].filter(Boolean).join(' · ')}
        </p>
      )}
      {phase === 'failed' && (
        <button
          type="button"
          onClick={() => useRealtimeStatus.getState().requestRetry()}
          className="mt-1 ml-4 rounded-md px-2 py-0.5 text-[11px] font-medium text-brand-600 hover:bg-brand-50"
        >
          {t('retry')}
        </button>
      )}
    </div>
  );
}
