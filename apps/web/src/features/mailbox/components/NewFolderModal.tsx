import { useEffect, useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { Mailbox } from '@postline/shared/mailbox';
import { MAILBOX_NAME_MAX } from '@postline/shared/limits';
import { Button } from '@/components/ui/Button';
import { Modal } from '@/components/ui/Modal';
import { messageOf } from '@/lib/api-error';
import { createMailbox } from '../api/create-mailbox';

interface NewFolderModalProps {
  open: boolean;
  onClose: () => void;
  onCreated: (mailbox: Mailbox) => void;
}

/** Asks for a name and makes a custom folder (POST /mailboxes). */
export function NewFolderModal({ open, onClose, onCreated }: NewFolderModalProps) {
  const { t } = useTranslation('mail');
  const formId = useId();
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    if (open) {
      setName('');
      setError(null);
    }
  }, [open]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!name.trim()) {
      setError(t('folderLinks.nameRequired'));
      return;
    }
    setSaving(true);
    try {
      onCreated(await createMailbox({ name }));
    } catch (failure) {
      setError(messageOf(failure));
    } finally {
      setSaving(false);
    }
  }

  return (
    <Modal
      open={open}
      onClose={onClose}
      size="sm"
      title={t('folderLinks.newFolder')}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            {t('folderLinks.cancel')}
          </Button>
          <Button type="submit" form={formId} isLoading={saving}>
            {t('folderLinks.create')}
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
