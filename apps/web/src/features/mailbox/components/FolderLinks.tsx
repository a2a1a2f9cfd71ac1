import clsx from 'clsx';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import type { Mailbox } from '@postline/shared/mailbox';
import { paths } from '@/lib/paths';
import { flattenMailboxes, folderSlug } from '../folders';

interface FolderLinksProps {
  mailboxes: Mailbox[];
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
export function FolderLinks({ mailboxes }: FolderLinksProps) {
  const { t } = useTranslation('mail');
  const extra = flattenMailboxes(mailboxes).filter(
    ({ mailbox }) => mailbox.type === 'SPAM' || mailbox.type === 'ARCHIVE',
  );
  return (
    <nav aria-label={t('folderLinks.label')} className="mb-4 flex flex-wrap items-center gap-2">
      <NavLink to={paths.mailbox('starred')} className={linkClass}>
        {t('folders.starred')}
      </NavLink>
      {extra.map(({ mailbox }) => (
        <NavLink key={mailbox.id} to={paths.mailbox(folderSlug(mailbox))} className={linkClass}>
          {t(`folders.${mailbox.type.toLowerCase()}`)}
          {mailbox.unreadCount > 0 && (
            <span className="rounded-full bg-brand-500 px-1.5 text-xs font-semibold text-white">
              <span className="sr-only">{t('folderLinks.unread')} </span>
              {mailbox.unreadCount}
            </span>
          )}
        </NavLink>
      ))}
    </nav>
  );
}
