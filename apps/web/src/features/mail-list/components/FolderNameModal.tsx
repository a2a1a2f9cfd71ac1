import { useEffect, useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { Mailbox } from '@postline/shared/mailbox';
import { MAILBOX_NAME_MAX } from '@postline/shared/limits';
import { Button } from '@/components/ui/Button';
import { Modal } from '@/components/ui/Modal';
import { messageOf } from '@/lib/api-error';
import { createFolder } from '../api/create-folder';
import { renameFolder } from '../api/update-folder';

/** A new folder (at the top or under `parent`), or a new name for `folder`. */
export type FolderNameTarget =
  { kind: 'create'; parent: Mailbox | null } | { kind: 'rename'; folder: Mailbox };

interface FolderNameModalProps {
  target: FolderNameTarget | null;
  onClose: () => void;
  onSaved: (folder: Mailbox) => void;
}

/** Asks for a folder's name: POST /mailboxes to make one, PUT /mailboxes/{id} to rename one. */
export function FolderNameModal({ target, onClose, onSaved }: FolderNameModalProps) {
  const { t } = useTranslation('mailList');
  const formId = useId();
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    if (!target) return;
    setName(target.kind === 'rename' ? target.folder.name : '');
    setError(null);
  }, [target]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!target) return;
    if (!name.trim()) {
      setError(t('folderLinks.nameRequired'));
      return;
    }
    setSaving(true);
    try {
      onSaved(
        target.kind === 'rename'
          ? await renameFolder(target.folder.id, name)
          : await createFolder({ name, parentId: target.parent?.id ?? null }),
      );
    } catch (failure) {
      setError(messageOf(failure));
    } finally {
      setSaving(false);
    }
  }

  const title = !target
    ? ''
    : target.kind === 'rename'
      ? t('folderTree.renameTitle', { name: target.folder.name })
      : target.parent
        ? t('folderTree.newSubfolderTitle', { name: target.parent.name })
        : t('folderLinks.newFolder');

  return (
    <Modal
      open={target !== null}
      onClose={onClose}
      size="sm"
      title={title}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            {t('folderLinks.cancel')}
          </Button>
          <Button type="submit" form={formId} isLoading={saving}>
            {target?.kind === 'rename' ? t('folderTree.save') : t('folderLinks.create')}
          </Button>
        </>
      }
    >
      <form id={formId} onSubmit={submit} noValidate>
        <label htmlFor={`${formId}-name`} className="mb-1 block text-sm font-medium text-gray-700">
          {t('folderLinks.name')}
        </label>
        <input
          id={`${formId}-name`}
          value={name}
          maxLength={MAILBOX_NAME_MAX}
          onChange={(event) => {
            setName(event.target.value);
            setError(null);
          }}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${formId}-error` : undefined}
          className="block w-full rounded-lg border border-gray-300 px-3 py-2 text-sm focus:border-brand-500 focus:ring-1 focus:ring-brand-500 focus:outline-none"
        />
        {error && (
          <p id={`${formId}-error`} role="alert" className="mt-1 text-sm text-red-600">
            {error}
          </p>
        )}
      </form>
    </Modal>
  );
}
