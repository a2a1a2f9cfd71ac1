import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/PageHeader';
import { useDashboardSummary } from '../api/get-dashboard-summary';
import { MailboxCards } from './MailboxCards';
import { QuickActions } from './QuickActions';
import { RecentMail } from './RecentMail';
import { StatCards } from './StatCards';

interface DashboardPageProps {
  userName: string | undefined;
}

/** The dashboard (SPEC §2): welcome, counts, folders, the latest mail and quick actions. */
export function DashboardPage({ userName }: DashboardPageProps) {
  const { t } = useTranslation(['dashboard', 'user']);
  const name = userName?.trim() || t('user:fallbackName');
  const { summary, error, reload } = useDashboardSummary();
  return (
    <section className="space-y-6">
      <PageHeader title={t('dashboard:welcome', { name })} subtitle={t('dashboard:subtitle')} />
      {error && (
        <div
          role="alert"
          className="flex flex-wrap items-center gap-3 rounded-lg bg-red-50 px-4 py-3 text-sm text-red-700"
        >
          <span>{t('dashboard:loadError')}</span>
          <button type="button" onClick={reload} className="font-medium underline underline-offset-2">
            {t('dashboard:retry')}
          </button>
        </div>
      )}
      <StatCards summary={summary} />
      {summary && summary.mailboxes.length > 0 && (
        <section aria-labelledby="mailbox-cards-title">
          <h2 id="mailbox-cards-title" className="mb-3 font-semibold text-gray-900">
            {t('dashboard:mailboxes.title')}
          </h2>
          <MailboxCards mailboxes={summary.mailboxes} />
        </section>
      )}
      <div className="grid gap-6 lg:grid-cols-3">
        <div className="min-w-0 lg:col-span-2">
          <RecentMail messages={summary?.recent ?? []} />
        </div>
        <QuickActions />
      </div>
    </section>
  );
}
