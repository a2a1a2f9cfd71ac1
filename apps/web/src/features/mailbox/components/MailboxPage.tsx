import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { PageHeader } from '@/components/PageHeader';

/** Placeholder for the mailbox list of SPEC §2, replaced by the mailbox issue. */
export function MailboxPage() {
  const { t } = useTranslation('mail');
  const { folder = 'inbox' } = useParams();
  return <PageHeader title={t(`folders.${folder}`, { defaultValue: t('folders.unknown') })} />;
}
