import clsx from 'clsx';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink, useLocation, useNavigate } from 'react-router';
import type { Mailbox } from '@postline/shared/mailbox';
import { ConfirmDialog } from '@/components/ui/ConfirmDialog';
import { Menu } from '@/components/ui/Menu';
import { FolderIcon, MoreIcon, PlusIcon } from '@/components/ui/icons';
import { toast } from '@/components/ui/toast';
import { messageOf } from '@/lib/api-error';
import { folderSlug, paths } from '@/lib/paths';
import { useFolders } from '@/features/mail/queries';
import { deleteFolder } from '../api/delete-folder';
import { flattenFolders } from '@/features/mail/folders';
import { FolderNameModal, type FolderNameTarget } from './FolderNameModal';
import { MoveFolderModal } from './MoveFolderModal';

/**
 * The user's own folders in the sidebar, as a tree: open one, make one (at the top or inside
 * another), rename, move and delete through each folder's menu, all by keyboard too.
 */
export function FolderTree() {
  const { t } = useTranslation('mailList');
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const { folders, reload } = useFolders();
  const [naming, setNaming] = useState<FolderNameTarget | null>(null);
  const [moving, setMoving] = useState<Mailbox | null>(null);
  const [deleting, setDeleting] = useState<Mailbox | null>(null);
  const [busy, setBusy] = useState(false);
  const custom = folders.filter((folder) => folder.type === 'CUSTOM');

  async function confirmDelete() {
    if (!deleting) return;
    setBusy(true);
    try {
      await deleteFolder(deleting.id);
      toast.success(t('folderTree.deleted', { name: deleting.name }));
      // Viewing the folder (or one inside it) that is gone: go to the inbox.
      const gone = flattenFolders([deleting]).some(
        (entry) => pathname === paths.mailList(folderSlug(entry.folder)),
      );
      if (gone) navigate(paths.mailList('inbox'));
      reload();
    } catch (error) {
      toast.error(messageOf(error));
    } finally {
      setBusy(false);
      setDeleting(null);
    }
  }

  function renderFolders(list: readonly Mailbox[], depth: number) {
    return (
      <ul className={depth > 0 ? 'mt-0.5 space-y-0.5' : 'space-y-0.5'}>
        {list.map((folder) => (
          <li key={folder.id}>
            <div className="group flex items-center pr-2">
              <NavLink
                to={paths.mailList(folderSlug(folder))}
                style={{ paddingLeft: `${1.5 + depth * 1}rem` }}
                className={({ isActive }) =>
                  clsx(
                    'flex min-w-0 flex-1 items-center gap-3 rounded-r-full py-2 pr-2 text-sm transition-colors',
                    isActive
                      ? 'bg-brand-100 font-semibold text-brand-700'
                      : 'text-gray-700 hover:bg-gray-100',
                  )
                }
              >
                <FolderIcon className="shrink-0" />
                <span className="truncate">{folder.name}</span>
                {folder.unreadCount > 0 && (
                  <span className="ml-auto text-xs font-semibold text-brand-700">
                    <span className="sr-only">{t('folderLinks.unread')} </span>
                    {folder.unreadCount}
                  </span>
                )}
              </NavLink>
              <Menu
                label={t('folderTree.manage', { name: folder.name })}
                icon={<MoreIcon />}
                items={[
                  { label: t('folderTree.rename'), onSelect: () => setNaming({ kind: 'rename', folder }) },
                  {
                    label: t('folderTree.newSubfolder'),
                    onSelect: () => setNaming({ kind: 'create', parent: folder }),
                  },
                  { label: t('folderTree.moveAction'), onSelect: () => setMoving(folder) },
                  { label: t('folderTree.delete'), tone: 'danger', onSelect: () => setDeleting(folder) },
                ]}
              />
            </div>
            {folder.children.length > 0 && renderFolders(folder.children, depth + 1)}
          </li>
        ))}
      </ul>
    );
  }

  return (
    <section aria-labelledby="folder-tree-title" className="mt-4">
      <div className="flex items-center justify-between pr-3 pl-6">
        <h2 id="folder-tree-title" className="text-xs font-semibold tracking-wide text-gray-500 uppercase">
          {t('folderTree.title')}
        </h2>
        <button
          type="button"
          aria-label={t('folderLinks.newFolder')}
          title={t('folderLinks.newFolder')}
          onClick={() => setNaming({ kind: 'create', parent: null })}
          className="rounded-full p-1 text-gray-500 hover:bg-gray-200"
        >
          <PlusIcon />
        </button>
      </div>
      <nav aria-label={t('folderTree.title')} className="mt-1">
        {custom.length > 0 ? (
          renderFolders(custom, 0)
        ) : (
          <p className="py-1 pr-4 pl-6 text-xs text-gray-500">{t('folderTree.none')}</p>
        )}
      </nav>
      <FolderNameModal
        target={naming}
        onClose={() => setNaming(null)}
        onSaved={(saved) => {
          const created = naming?.kind === 'create';
          setNaming(null);
          reload();
          if (created) navigate(paths.mailList(folderSlug(saved)));
          else toast.success(t('folderTree.renamed', { name: saved.name }));
        }}
      />
      <MoveFolderModal
        folder={moving}
        folders={folders}
        onClose={() => setMoving(null)}
        onMoved={(moved) => {
          setMoving(null);
          reload();
          toast.success(t('folderTree.moved', { name: moved.name }));
        }}
      />
      <ConfirmDialog
        open={deleting !== null}
        tone="danger"
        title={deleting ? t('folderTree.deleteTitle', { name: deleting.name }) : ''}
        message={t('folderTree.deleteMessage')}
        confirmLabel={t('folderTree.delete')}
        isLoading={busy}
        onCancel={() => setDeleting(null)}
        onConfirm={() => void confirmDelete()}
      />
    </section>
  );
}
