import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/PageHeader';

interface DashboardPageProps {
  userName: string | undefined;
}

/** The dashboard (SPEC §2); its statistics and recent mail arrive with a later issue. */
export function DashboardPage({ userName }: DashboardPageProps) {
  const { t } = useTranslation(['dashboard', 'user']);
  const name = userName?.trim() || t('user:fallbackName');
  return (
    <section>
      <PageHeader title={t('dashboard:welcome', { name })} subtitle={t('dashboard:subtitle')} />
    </section>
  );
}
