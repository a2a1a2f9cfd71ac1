import clsx from 'clsx';
import { useTranslation } from 'react-i18next';
import type { DashboardSummary } from '@postline/shared/messages';
import { formatCount } from '@/lib/numbers';

const CARDS = [
  { key: 'total', value: (s: DashboardSummary) => s.totalMessages, tone: 'text-gray-900' },
  { key: 'unread', value: (s: DashboardSummary) => s.unreadMessages, tone: 'text-brand-600' },
  { key: 'drafts', value: (s: DashboardSummary) => s.drafts, tone: 'text-gray-900' },
  { key: 'notifications', value: (s: DashboardSummary) => s.notificationCount, tone: 'text-gray-900' },
  { key: 'sentToday', value: (s: DashboardSummary) => s.sentToday, tone: 'text-emerald-600' },
] as const;

/** Total, unread, drafts, notifications, and mail sent today. */
export function StatCards({ summary }: { summary: DashboardSummary | null }) {
  const { t } = useTranslation('dashboard');
  return (
    <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5">
      {CARDS.map((card) => (
        <li
          key={card.key}
          className="rounded-xl border border-gray-200 bg-white px-4 py-4 shadow-sm"
          data-testid={`stat-${card.key}`}
        >
          <p className="text-sm text-gray-500">{t(`stats.${card.key}`)}</p>
          <p className={clsx('mt-1 text-2xl font-semibold tabular-nums', card.tone)}>
            {summary ? formatCount(card.value(summary)) : '–'}
          </p>
        </li>
      ))}
    </ul>
  );
}
