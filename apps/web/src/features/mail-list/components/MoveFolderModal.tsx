import { useEffect, useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { Mailbox } from '@postline/shared/mailbox';
import { Button } from '@/components/ui/Button';
import { Modal } from '@/components/ui/Modal';
import { messageOf } from '@/lib/api-error';
import { moveFolder } from '../api/update-folder';
import { flattenFolders } from '@/features/mail/folders';

const TOP = 'top';

interface MoveFolderModalProps {
  folder: Mailbox | null;
  folders: readonly Mailbox[];
  onClose: () => void;
  onMoved: (folder: Mailbox) => void;
}

/** Ids of a folder and everything under it: a folder cannot move into itself. */
function subtreeIds(folder: Mailbox): Set<number> {
  return new Set(flattenFolders([folder]).map((entry) => entry.folder.id));
}

/** Picks the folder's new parent among the user's own folders, or the top level. */
export function MoveFolderModal({ folder, folders, onClose, onMoved }: MoveFolderModalProps) {
  const { t } = useTranslation('mailList');
  const formId = useId();
  const [parent, setParent] = useState(TOP);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    if (!folder) return;
    setParent(folder.parentId ? String(folder.parentId) : TOP);
    setError(null);
  }, [folder]);

  const excluded = folder ? subtreeIds(folder) : new Set<number>();
  const options = flattenFolders(folders).filter(
    (entry) => entry.folder.type === 'CUSTOM' && !excluded.has(entry.folder.id),
  );

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!folder) return;
    setSaving(true);
    try {
      onMoved(await moveFolder(folder.id, parent === TOP ? null : Number(parent)));
    } catch (failure) {
      setError(messageOf(failure));
    } finally {
      setSaving(false);
    }
  }

  return (
    <Modal
      open={folder !== null}
      onClose={onClose}
      size="sm"
      title={folder ? t('folderTree.moveTitle', { name: folder.name }) : ''}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            {t('folderLinks.cancel')}
          </Button>
          <Button type="submit" form={formId} isLoading={saving}>
            {t('folderTree.move')}
          </Button>
        </>
      }
    >
      <form id={formId} onSubmit={submit} noValidate>
        <label htmlFor={`${formId}-parent`} className="mb-1 block text-sm font-medium text-gray-700">
          {t('folderTree.parent')}
        </label>
        <select
          id={`${formId}-parent`}
          value={parent}
          onChange={(event) => {
            setParent(event.target.value);
            setError(null);
          }}
          className="block w-full rounded-lg border border-gray-300 px-3 py-2 text-sm focus:border-brand-500 focus:ring-1 focus:ring-brand-500 focus:outline-none"
        >
          <option value={TOP}>{t('folderTree.topLevel')}</option>
          {options.map((entry) => (
            <option key={entry.folder.id} value={entry.folder.id}>
              {`${'\u00a0\u00a0'.repeat(entry.depth)}${entry.folder.name}`}
            </option>
          ))}
        </select>
        {error && (
          <p role="alert" className="mt-1 text-sm text-red-600">
            {error}
          </p>
        )}
      </form>
    </Modal>
  );
}
