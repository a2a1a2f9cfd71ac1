import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/PageHeader';

/** Placeholder for the message view of SPEC §2, replaced by the message issue. */
export function MessagePage() {
  const { t } = useTranslation('messageDetail');
  return <PageHeader title={t('title')} />;
}
