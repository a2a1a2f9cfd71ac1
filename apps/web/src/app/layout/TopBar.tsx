import { useTranslation } from 'react-i18next';
import { LanguageSwitcher } from '@/components/LanguageSwitcher';
import { MenuIcon, MailIcon } from '@/components/ui/icons';
import { NotificationBell } from '@/features/notifications/components/NotificationBell';
import { Emoji } from '@/components/ui/Emoji';

interface TopBarProps {
  menuOpen: boolean;
  onOpenMenu: () => void;
  sidebarId: string;
}

export function TopBar({ menuOpen, onOpenMenu, sidebarId }: TopBarProps) {
  const { t } = useTranslation('common');
  return (
    <header className="sticky top-0 z-20 flex h-16 items-center gap-3 border-b border-gray-200 bg-white/90 px-4 backdrop-blur lg:px-8 print:hidden">
      <button
        type="button"
        onClick={onOpenMenu}
        aria-label={t('nav.openMenu')}
        aria-expanded={menuOpen}
        aria-controls={sidebarId}
        className="rounded-full p-2 text-gray-600 hover:bg-gray-100 lg:hidden"
      >
        <MenuIcon size={22} />
      </button>
      <span className="font-semibold text-gray-900 lg:hidden">
        <Emoji symbol="✉️" fallback={<MailIcon size={18} className="inline align-[-3px] text-brand-600" />} />{' '}
        {t('appName')}
      </span>
      <div className="ml-auto flex items-center gap-2">
        <LanguageSwitcher />
        <NotificationBell />
      </div>
    </header>
  );
}
