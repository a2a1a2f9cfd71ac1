import clsx from 'clsx';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import type { Mailbox } from '@postline/shared/mailbox';
import { folderSlug, paths } from '@/lib/paths';
import { flattenFolders } from '@/features/mail/folders';

interface FolderLinksProps {
  folders: Mailbox[];
}

const linkClass = ({ isActive }: { isActive: boolean }) =>
  clsx(
    'inline-flex items-center gap-1.5 rounded-full border px-3 py-1 text-sm whitespace-nowrap transition-colors',
    isActive
      ? 'border-brand-500 bg-brand-50 font-semibold text-brand-700'
      : 'border-gray-200 bg-white text-gray-600 hover:bg-gray-50',
  );

/**
 * The views the sidebar does not list: starred mail, and Spam and Archive once they exist. The
 * user's own folders are in the sidebar's tree (FolderTree).
 */
export function FolderLinks({ folders }: FolderLinksProps) {
  const { t } = useTranslation('mailList');
  const extra = flattenFolders(folders).filter(
    ({ folder }) => folder.type === 'SPAM' || folder.type === 'ARCHIVE',
  );
  return (
    <nav aria-label={t('folderLinks.label')} className="mb-4 flex flex-wrap items-center gap-2">
      <NavLink to={paths.mailList('starred')} className={linkClass}>
        {t('folders.starred')}
      </NavLink>
      {extra.map(({ folder }) => (
        <NavLink key={folder.id} to={paths.mailList(folderSlug(folder))} className={linkClass}>
          {t(`folders.${folder.type.toLowerCase()}`)}
          {folder.unreadCount > 0 && (
            <span className="rounded-full bg-brand-500 px-1.5 text-xs font-semibold text-white">
              <span className="sr-only">{t('folderLinks.unread')} </span>
              {folder.unreadCount}
            </span>
          )}
        </NavLink>
      ))}
    </nav>
  );
}
