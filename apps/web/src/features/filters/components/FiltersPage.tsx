import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/PageHeader';

/** Placeholder for filter management (SPEC §2), replaced by the filters issue. */
export function FiltersPage() {
  const { t } = useTranslation('filters');
  return <PageHeader title={t('title')} subtitle={t('subtitle')} />;
}
