import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PencilIcon } from '@/components/ui/icons';
import { paths } from '@/lib/paths';

/** On a phone the sidebar's compose button is behind the menu: the list has its own (issue 34). */
export function ComposeFab() {
  const { t } = useTranslation('common');
  return (
    <Link
      to={paths.compose}
      aria-label={t('nav.compose')}
      title={t('nav.compose')}
      data-testid="compose-fab"
      className="fixed right-4 bottom-6 z-20 inline-flex h-14 w-14 items-center justify-center rounded-full bg-brand-500 text-white shadow-lg transition-colors hover:bg-brand-600 lg:hidden print:hidden"
    >
      <PencilIcon size={22} />
    </Link>
  );
}
