import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CloseIcon, PencilIcon, MailIcon } from '@/components/ui/icons';
import { paths } from '@/lib/paths';
import { ConnectionIndicator } from './ConnectionIndicator';
import { SidebarNav } from './SidebarNav';
import { UserPanel } from './UserPanel';
import { Emoji } from '@/components/ui/Emoji';

interface SidebarProps {
  /** Present when the sidebar is shown as a drawer (small screens). */
  onClose?: () => void;
}

export function Sidebar({ onClose }: SidebarProps) {
  const { t } = useTranslation('common');
  return (
    <div className="flex h-full flex-col bg-white">
      <div className="flex items-center justify-between px-6 pt-5">
        <Link to={paths.dashboard} className="flex items-center gap-2 text-xl font-bold text-gray-900">
          <Emoji symbol="✉️" fallback={<MailIcon size={22} className="text-brand-600" />} />
          {t('appName')}
        </Link>
        {onClose && (
          <button
            type="button"
            onClick={onClose}
            aria-label={t('nav.closeMenu')}
            className="rounded-full p-2 text-gray-500 hover:bg-gray-100 lg:hidden"
          >
            <CloseIcon />
          </button>
        )}
      </div>
      <div className="px-4 pt-5">
        <Link
          to={paths.compose}
          className="flex items-center justify-center gap-2 rounded-2xl bg-brand-500 px-5 py-3 text-sm font-semibold text-white shadow-sm transition-colors hover:bg-brand-600"
        >
          <PencilIcon size={18} />
          {t('nav.compose')}
        </Link>
      </div>
      <SidebarNav />
      <ConnectionIndicator />
      <UserPanel />
    </div>
  );
}
