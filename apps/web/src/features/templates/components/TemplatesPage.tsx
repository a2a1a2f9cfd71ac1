import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/PageHeader';

/** Placeholder for template management (SPEC §2), replaced by the templates issue. */
export function TemplatesPage() {
  const { t } = useTranslation('templates');
  return <PageHeader title={t('title')} />;
}
