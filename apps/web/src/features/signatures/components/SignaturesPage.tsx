import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/PageHeader';

/** Placeholder for signature management (SPEC §2), replaced by the signatures issue. */
export function SignaturesPage() {
  const { t } = useTranslation('signatures');
  return <PageHeader title={t('title')} />;
}
