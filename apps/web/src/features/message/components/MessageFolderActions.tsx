import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { Mailbox } from '@postline/shared/mailbox';
import type { Message } from '@postline/shared/messages';
import { Menu, type MenuItem } from '@/components/ui/Menu';
import { toast } from '@/components/ui/toast';
import { ArchiveIcon, FolderIcon, RestoreIcon } from '@/components/ui/icons';
import { messageOf } from '@/lib/api-error';
import { flattenFolders, isMoveTarget } from '@/features/mail/folders';
import { useFolders } from '@/features/mail/queries';
import { useFileMessage } from '../queries';
import { folderPathOf } from '../folder-path';

/**
 * Folders a message may be moved to from its page. Not where it is, not Trash (Delete is there),
 * and never Sent or Drafts: they hold what the user writes, and the server refuses received mail.
 */
const buttonClass =
  'inline-flex h-9 items-center gap-1.5 rounded-lg px-3 text-sm font-medium text-gray-700 transition-colors hover:bg-gray-100';

/**
 * Archive, Move to folder and, in Trash, Restore (issue 34): the message leaves for its new folder
 * and the page goes back to the list it came from, as after Delete.
 */
export function MessageFolderActions({ message }: { message: Message }) {
  const { t } = useTranslation('message');
  const navigate = useNavigate();
  const { folders } = useFolders();
  const flat = flattenFolders(folders);
  const folderName = (box: { type: Mailbox['type']; name: string }) =>
    box.type === 'CUSTOM' ? box.name : t(`folders.${box.type.toLowerCase()}`, { ns: 'mailList' });
  const filing = useFileMessage({
    // Said once the server has filed it: a restore learns only then where the mail went.
    onSuccess: (moved, how) => {
      const where = flat.find(({ folder }) => folder.id === moved.mailboxId)?.folder;
      const folder = folderName(where ?? { type: moved.mailboxType, name: '' });
      if ('restore' in how) toast.success(t('toast.restored', { folder }));
      else if (moved.mailboxType === 'ARCHIVE') toast.success(t('toast.archived'));
      else toast.success(t('toast.moved', { folder }));
    },
    onError: (error) => toast.error(t('toast.fileError', { reason: messageOf(error) })),
  });

  const file = (to: Mailbox | 'restore') => {
    filing.mutate(to === 'restore' ? { id: message.id, restore: true } : { id: message.id, to: to.id });
    navigate(folderPathOf(message), { replace: true });
  };

  if (message.isDraft) return null;
  if (message.mailboxType === 'TRASH') {
    return (
      <button type="button" className={buttonClass} onClick={() => file('restore')}>
        <RestoreIcon />
        <span>{t('actions.restore')}</span>
      </button>
    );
  }
  const archive = flat.find(({ folder }) => folder.type === 'ARCHIVE')?.folder;
  const targets: MenuItem[] = flat
    .filter(
      ({ folder }) => isMoveTarget(folder) && folder.type !== 'TRASH' && folder.id !== message.mailboxId,
    )
    .map(({ folder, depth }) => ({
      label: `${'\u00a0\u00a0'.repeat(depth)}${folderName(folder)}`,
      onSelect: () => file(folder),
    }));
  return (
    <>
      {archive && message.mailboxType !== 'ARCHIVE' && (
        <button
          type="button"
          className={buttonClass}
          aria-label={t('actions.archive')}
          title={t('actions.archive')}
          onClick={() => file(archive)}
        >
          <ArchiveIcon />
          <span className="sr-only sm:not-sr-only">{t('actions.archive')}</span>
        </button>
      )}
      {targets.length > 0 && (
        <Menu
          label={t('actions.moveTo')}
          icon={<FolderIcon />}
          items={targets}
          className="inline-flex h-9 items-center rounded-lg px-2 text-gray-700 hover:bg-gray-100"
        />
      )}
    </>
  );
}
