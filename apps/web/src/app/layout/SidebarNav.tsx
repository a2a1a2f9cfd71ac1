import clsx from 'clsx';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import {
  ClockIcon,
  DraftIcon,
  FilterIcon,
  FolderIcon,
  GearIcon,
  InboxIcon,
  PeopleIcon,
  SendIcon,
  SignatureIcon,
  SpamIcon,
  TemplateIcon,
  TrashIcon,
} from '@/components/ui/icons';
import { useFolders } from '@/features/mail/queries';
import { FolderTree } from '@/features/mail-list/components/FolderTree';
import { paths } from '@/lib/paths';

type NavItem = { to: string; label: string; Icon: typeof InboxIcon };

const MAIL_ITEMS: NavItem[] = [
  { to: paths.mailList('inbox'), label: 'nav.inbox', Icon: InboxIcon },
  { to: paths.mailList('sent'), label: 'nav.sent', Icon: SendIcon },
  { to: paths.mailList('drafts'), label: 'nav.drafts', Icon: DraftIcon },
  { to: paths.mailList('trash'), label: 'nav.trash', Icon: TrashIcon },
];
/**
 * Spam and Archive exist once something is filed there (a report, a filter): then they are listed.
 * Scheduled (mail waiting to go, issue 36) is listed as the folder list has it.
 */
const MADE_ON_USE: (NavItem & { type: 'SPAM' | 'ARCHIVE' | 'SCHEDULED' })[] = [
  { type: 'SCHEDULED', to: paths.mailList('scheduled'), label: 'nav.scheduled', Icon: ClockIcon },
  { type: 'SPAM', to: paths.mailList('spam'), label: 'nav.spam', Icon: SpamIcon },
  { type: 'ARCHIVE', to: paths.mailList('archive'), label: 'nav.archive', Icon: FolderIcon },
];
const TOOL_ITEMS: NavItem[] = [
  { to: paths.contacts, label: 'nav.contacts', Icon: PeopleIcon },
  { to: paths.filters, label: 'nav.filters', Icon: FilterIcon },
  { to: paths.templates, label: 'nav.templates', Icon: TemplateIcon },
  { to: paths.signatures, label: 'nav.signatures', Icon: SignatureIcon },
  { to: paths.settings, label: 'nav.settings', Icon: GearIcon },
];

export function SidebarNav() {
  const { t } = useTranslation('common');
  // The same cache entry as the folder tree below: one request serves both.
  const { folders } = useFolders();
  const present = new Set(folders.map((folder) => folder.type));
  const NAV_ITEMS = [...MAIL_ITEMS, ...MADE_ON_USE.filter((item) => present.has(item.type)), ...TOOL_ITEMS];
  return (
    <div className="mt-4 flex-1 overflow-y-auto pb-2">
      <nav aria-label={t('nav.main')}>
        <ul className="space-y-0.5">
          {NAV_ITEMS.map((item) => (
            <li key={item.to}>
              <NavLink
                to={item.to}
                className={({ isActive }) =>
                  clsx(
                    'flex items-center gap-3 rounded-r-full py-2 pr-4 pl-6 text-sm transition-colors',
                    isActive
                      ? 'bg-brand-100 font-semibold text-brand-700'
                      : 'text-gray-700 hover:bg-gray-100',
                  )
                }
              >
                <item.Icon size={18} className="shrink-0" />
                {t(item.label)}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <FolderTree />
    </div>
  );
}
