import clsx from 'clsx';
import { useTranslation } from 'react-i18next';
import { useOnline } from '@/lib/online';

const SIZES = { sm: 'h-4 w-4 border-2', md: 'h-8 w-8 border-[3px]', lg: 'h-12 w-12 border-4' };

interface SpinnerProps {
  size?: keyof typeof SIZES;
  /** Text for screen readers; without it the spinner is decorative. */
  label?: string;
  decorative?: boolean;
  className?: string;
}

export function Spinner({ size = 'md', label, decorative = false, className }: SpinnerProps) {
  const circle = (
    <span
      aria-hidden="true"
      className={clsx(
        'inline-block animate-spin rounded-full border-current border-r-transparent',
        SIZES[size],
        className,
      )}
    />
  );
  if (decorative || !label) return circle;
  return (
    <span role="status" className="inline-flex items-center">
      {circle}
      <span className="sr-only">{label}</span>
    </span>
  );
}

/**
 * A spinner centred in the space where something is loading: a page's content (the default) or,
 * `compact`, a panel, menu or dialog.
 */
export function LoadingBlock({ label, compact = false }: { label?: string; compact?: boolean }) {
  const { t } = useTranslation('ui');
  const online = useOnline();
  return (
    <div className={clsx('flex justify-center text-brand-500', compact ? 'py-8' : 'py-16')}>
      {/* Offline, loads wait for the network (TanStack Query pauses them): no endless spinner. */}
      {online ? (
        <Spinner label={label} />
      ) : (
        <p role="status" className="text-sm text-gray-500">
          {t('waitingForNetwork')}
        </p>
      )}
    </div>
  );
}

/**
 * Covers the screen while something the whole app waits for (auth, translations) loads. index.html
 * holds the same markup, so the page paints this at once and React takes it over unchanged.
 */
export function FullScreenSpinner({ label = 'Loading…' }: { label?: string }) {
  return (
    <div className="flex min-h-screen flex-col items-center justify-center gap-4 bg-gray-50 text-brand-500">
      <p className="text-2xl font-bold text-gray-900">Postline</p>
      <Spinner size="lg" label={label} />
    </div>
  );
}
