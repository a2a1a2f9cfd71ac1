import clsx from 'clsx';
import { useTranslation } from 'react-i18next';
import { useOnline } from '@/lib/online';
import { useRealtimeStatus } from '@/lib/realtime-status';

interface ConnectionDotProps {
  /** Show the words beside the dot; otherwise they are for screen readers and the tooltip only. */
  showLabel?: boolean;
  className?: string;
}

/** Green while the real-time link is up, red otherwise (SPEC §2, bell panel and /notifications). */
export function ConnectionDot({ showLabel = false, className }: ConnectionDotProps) {
  const { t } = useTranslation('notifications');
  const online = useOnline();
  // Offline, a socket not yet known to be dead is not a live link (issue 34).
  const connected = useRealtimeStatus((state) => state.connected) && online;
  const label = connected ? t('connected') : online ? t('disconnected') : t('offline');
  return (
    <span
      title={label}
      data-testid="connection-dot"
      data-connected={connected}
      className={clsx('inline-flex items-center gap-1.5 text-xs font-medium', className)}
    >
      <span
        aria-hidden="true"
        className={clsx('h-2 w-2 shrink-0 rounded-full', connected ? 'bg-green-500' : 'bg-red-500')}
      />
      {showLabel ? <span>{label}</span> : <span className="sr-only">{label}</span>}
    </span>
  );
}
