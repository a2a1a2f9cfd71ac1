import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/PageHeader';

/** Placeholder for the compose screen of SPEC §2, replaced by the compose issue. */
export function ComposePage() {
  const { t } = useTranslation('compose');
  return <PageHeader title={t('title')} />;
}
