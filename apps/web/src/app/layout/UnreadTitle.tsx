import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { formatCount } from '@/lib/numbers';
import { useFolders } from '@/features/mail/queries';

/**
 * The tab's title carries the inbox's unread count, "(3) Postline" (issue 34), as mail clients'
 * tabs do, so new mail shows from another tab. The count is the folder tree's, which pushes and
 * reads keep current. Renders nothing.
 */
export function UnreadTitle() {
  const { t } = useTranslation('common');
  const { folders } = useFolders();
  const unread = folders.find((folder) => folder.type === 'INBOX')?.unreadCount ?? 0;
  const appName = t('appName');

  useEffect(() => {
    document.title = unread > 0 ? t('tabTitleUnread', { formatted: formatCount(unread) }) : appName;
    // Signed out, the next person must not see this one's count.
    return () => {
      document.title = appName;
    };
  }, [unread, appName, t]);

  return null;
}
