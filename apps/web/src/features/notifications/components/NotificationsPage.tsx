import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/PageHeader';

/** Placeholder for the full notification list (SPEC §2), replaced by the notifications issue. */
export function NotificationsPage() {
  const { t } = useTranslation('notifications');
  return <PageHeader title={t('title')} />;
}
