import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Contact, ContactGroup } from '@postline/shared/contacts';
import { PAGE_SIZE_DEFAULT } from '@postline/shared/limits';
import { PageHeader } from '@/components/PageHeader';
import { Button } from '@/components/ui/Button';
import { ConfirmDialog } from '@/components/ui/ConfirmDialog';
import { EmptyState } from '@/components/ui/EmptyState';
import { ErrorBanner } from '@/components/ui/ErrorBanner';
import { inputClass } from '@/components/ui/form-styles';
import { Pagination } from '@/components/ui/Pagination';
import { LoadingBlock } from '@/components/ui/Spinner';
import { toast } from '@/components/ui/toast';
import { messageOf } from '@/lib/api-error';
import { useContactGroups, useContactList, useContactWrites } from '../queries';
import { ContactFormModal } from './ContactFormModal';
import { ContactList } from './ContactList';
import { GroupFormModal } from './GroupFormModal';
import { GroupList } from './GroupList';
import { TransferActions } from './TransferActions';

type Editor =
  { kind: 'contact'; contact: Contact | null } | { kind: 'group'; group: ContactGroup | null } | null;
type Deleting = { kind: 'contact'; item: Contact } | { kind: 'group'; item: ContactGroup } | null;

/**
 * The address book (issue 36): groups beside the contacts, a search (name, address, company or
 * Korean initials), add, edit and delete, and import and export as vCard or CSV.
 */
export function ContactsPage() {
  const { t } = useTranslation('contacts');
  const [page, setPage] = useState(0);
  const [search, setSearch] = useState('');
  const [groupId, setGroupId] = useState<number | undefined>(undefined);
  const [editor, setEditor] = useState<Editor>(null);
  const [deleting, setDeleting] = useState<Deleting>(null);
  const [isDeleting, setIsDeleting] = useState(false);
  const q = search.trim() || undefined;
  const list = useContactList({ page, size: PAGE_SIZE_DEFAULT, q, groupId });
  const groups = useContactGroups();
  const { removeContact, removeGroup } = useContactWrites();
  const contacts = list.data?.content ?? [];
  const loadError = list.error ?? groups.error;

  async function confirmDelete() {
    if (!deleting) return;
    setIsDeleting(true);
    try {
      if (deleting.kind === 'contact') {
        await removeContact(deleting.item.id);
        toast.success(t('toast.deleted'));
      } else {
        await removeGroup(deleting.item.id);
        if (groupId === deleting.item.id) setGroupId(undefined);
        toast.success(t('toast.groupDeleted'));
      }
    } catch (error) {
      toast.error(messageOf(error, t('errors.save')));
    } finally {
      setIsDeleting(false);
      setDeleting(null);
    }
  }

  return (
    <div className="mx-auto max-w-6xl">
      <PageHeader
        title={t('title')}
        subtitle={t('subtitle')}
        actions={
          <div className="flex flex-wrap gap-2">
            <TransferActions />
            <Button variant="secondary" onClick={() => setEditor({ kind: 'group', group: null })}>
              {t('groups.create')}
            </Button>
            <Button onClick={() => setEditor({ kind: 'contact', contact: null })}>
              {t('actions.create')}
            </Button>
          </div>
        }
      />
      {loadError && <ErrorBanner message={messageOf(loadError, t('errors.load'))} />}
      <div className="grid gap-6 lg:grid-cols-[16rem_minmax(0,1fr)]">
        <aside>
          <GroupList
            groups={groups.data ?? []}
            selectedId={groupId}
            onSelect={(id) => {
              setGroupId(id);
              setPage(0);
            }}
            onEdit={(group) => setEditor({ kind: 'group', group })}
            onDelete={(group) => setDeleting({ kind: 'group', item: group })}
          />
        </aside>
        <section aria-labelledby="contact-list-title" aria-busy={list.isFetching} className="min-w-0">
          <h2 id="contact-list-title" className="sr-only">
            {t('list.title')}
          </h2>
          <input
            type="search"
            aria-label={t('search.label')}
            placeholder={t('search.placeholder')}
            value={search}
            onChange={(event) => {
              setSearch(event.target.value);
              setPage(0);
            }}
            className={`${inputClass} mb-3`}
          />
          {list.isPending ? (
            <LoadingBlock label={t('list.loading')} />
          ) : contacts.length === 0 ? (
            <div className="rounded-xl border border-dashed border-gray-300 bg-white">
              <EmptyState
                title={q || groupId !== undefined ? t('list.emptySearch') : t('list.empty')}
                description={q || groupId !== undefined ? undefined : t('list.emptyHint')}
              />
            </div>
          ) : (
            <>
              <p className="mb-2 text-sm text-gray-600">
                {t('list.count', { count: list.data?.totalElements ?? 0 })}
              </p>
              <ContactList
                contacts={contacts}
                onEdit={(contact) => setEditor({ kind: 'contact', contact })}
                onDelete={(contact) => setDeleting({ kind: 'contact', item: contact })}
              />
              <Pagination
                currentPage={page + 1}
                totalPages={list.data?.totalPages ?? 1}
                onPageChange={(next) => setPage(next - 1)}
              />
            </>
          )}
        </section>
      </div>

      {editor?.kind === 'contact' && (
        <ContactFormModal contact={editor.contact} onClose={() => setEditor(null)} />
      )}
      {editor?.kind === 'group' && <GroupFormModal group={editor.group} onClose={() => setEditor(null)} />}
      <ConfirmDialog
        open={deleting !== null}
        tone="danger"
        title={t('confirm.deleteTitle', { ns: 'ui' })}
        confirmLabel={t('confirm.delete', { ns: 'ui' })}
        message={
          deleting &&
          t(deleting.kind === 'contact' ? 'confirm.deleteContact' : 'confirm.deleteGroup', {
            name: deleting.item.name,
          })
        }
        isLoading={isDeleting}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setDeleting(null)}
      />
    </div>
  );
}
