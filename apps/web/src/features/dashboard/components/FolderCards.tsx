import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Mailbox } from '@postline/shared/mailbox';
import { flattenFolders } from '@/features/mail/folders';
import { folderSlug, paths } from '@/lib/paths';

/** Placeholders of the cards' size while the summary loads, so nothing below moves (issue 17: CLS). */
function CardPlaceholders() {
  return (
    <ul aria-hidden="true" className="grid grid-cols-2 gap-3 md:grid-cols-4">
      {['inbox', 'sent', 'drafts', 'trash'].map((key) => (
        <li key={key} className="rounded-xl border border-gray-200 bg-white px-4 py-3 shadow-sm">
          <span className="block h-6 w-20 rounded bg-gray-100" />
          <span className="mt-1 block h-4 w-12 rounded bg-gray-100" />
        </li>
      ))}
    </ul>
  );
}

/** One card per folder with its total and unread counts; placeholders while they load (null). */
export function FolderCards({ folders }: { folders: Mailbox[] | null }) {
  const { t } = useTranslation('dashboard');
  if (!folders) return <CardPlaceholders />;
  return (
    <ul className="grid grid-cols-2 gap-3 md:grid-cols-4">
      {flattenFolders(folders).map(({ folder }) => {
        const name = folder.type === 'CUSTOM' ? folder.name : t(`folders.names.${folder.type.toLowerCase()}`);
        return (
          <li key={folder.id}>
            <Link
              to={paths.mailList(folderSlug(folder))}
              className="block rounded-xl border border-gray-200 bg-white px-4 py-3 shadow-sm transition-colors hover:border-brand-500 hover:bg-brand-50"
            >
              <span className="block truncate font-medium text-gray-900">{name}</span>
              <span className="mt-1 flex flex-wrap gap-x-3 text-xs text-gray-500">
                <span>{t('folders.total', { count: folder.totalCount })}</span>
                {folder.unreadCount > 0 && (
                  <span className="font-semibold text-brand-600">
                    {t('folders.unread', { count: folder.unreadCount })}
                  </span>
                )}
              </span>
            </Link>
          </li>
        );
      })}
    </ul>
  );
}
