import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/PageHeader';
import { useDashboardSummary } from '../queries';
import { FolderCards } from './FolderCards';
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
      {/* Shown with placeholders while loading, so the sections below do not move when it arrives. */}
      {(summary ? summary.mailboxes.length > 0 : !error) && (
        <section aria-labelledby="folder-cards-title">
          <h2 id="folder-cards-title" className="mb-3 font-semibold text-gray-900">
            {t('dashboard:folders.title')}
          </h2>
          <FolderCards folders={summary?.mailboxes ?? null} />
        </section>
      )}
      {/* On a phone the quick actions come first: the recent list, last, grows without moving them. */}
      <div className="grid gap-6 lg:grid-cols-3">
        <div className="order-2 min-w-0 lg:order-1 lg:col-span-2">
          <RecentMail messages={summary?.recent ?? []} />
        </div>
        <div className="order-1 lg:order-2">
          <QuickActions />
        </div>
      </div>
    </section>
  );
}
