import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation, useSearchParams } from 'react-router';
import { PageHeader } from '@/components/PageHeader';
import { ConfirmDialog } from '@/components/ui/ConfirmDialog';
import { Pagination } from '@/components/ui/Pagination';
import { useFolders, useReloadMail } from '@/features/mail/queries';
import { formatCount } from '@/lib/numbers';
import { paths } from '@/lib/paths';
import { folderOf } from '../folders';
import { useBulkSelection } from '../hooks/use-bulk-selection';
import { useListHeading } from '../hooks/use-list-heading';
import { useListPage } from '../hooks/use-list-page';
import { useListAddress, type ListUpdate } from '../hooks/use-list-params';
import { useRowActions } from '../hooks/use-row-actions';
import { hasAnyFilter, type FolderRef, type ListParams } from '../list-params';
import { BulkBar } from './BulkBar';
import { ComposeFab } from './ComposeFab';
import { EmptyTrashButton } from './EmptyTrashButton';
import { FolderLinks } from './FolderLinks';
import { ListToolbar } from './ListToolbar';
import { MessageList } from './MessageList';
import { SelectAllOffer } from './SelectAllOffer';

/** /mailbox/{folder}: a folder, the starred view or a custom folder; ?messageId= opens a message. */
export function MailListPage() {
  const [query] = useSearchParams();
  const { folder, params, update } = useListAddress();
  const messageId = Number(query.get('messageId'));
  if (Number.isInteger(messageId) && messageId > 0) {
    return <Navigate to={paths.message(messageId)} replace />;
  }
  if (!folder) return <Navigate to={paths.mailList('inbox')} replace />;
  return <MailListView key={folder.slug} folder={folder} params={params} update={update} />;
}

interface MailListViewProps {
  folder: FolderRef;
  params: ListParams;
  update: ListUpdate;
}

/** One folder's list: its heading, toolbar, bulk bar, rows and pager, put together. */
function MailListView({ folder, params, update }: MailListViewProps) {
  const { t } = useTranslation('mailList');
  const location = useLocation();
  const { folders } = useFolders();
  const rowActions = useRowActions(folder);
  const { paging, request, list } = useListPage(folder, params, update);
  const page = list.page;
  const rows = page?.content ?? null;
  const total = page?.totalElements ?? 0;
  const totalIsEstimate = page?.totalIsEstimate ?? false;
  const shown = folderOf(folder, folders);
  const { searching, title, emptyHint, highlight } = useListHeading(folder, params.search, shown);
  // New mail needs nothing here: the real-time handler merges it into the cache the list reads.
  const reloadMail = useReloadMail();
  const refresh = useCallback(() => void reloadMail(), [reloadMail]);
  const bulkSelection = useBulkSelection({ folder, shown, folders, params, request, page, onDone: refresh });
  const { selection, scope, bulk } = bulkSelection;
  const [confirmDelete, setConfirmDelete] = useState(false);
  const inTrash = folder.kind === 'system' && folder.type === 'TRASH';
  // Mail one writes shows whom it is to: sent, being written, or waiting to go.
  const showRecipients =
    folder.kind === 'system' &&
    (folder.type === 'SENT' || folder.type === 'DRAFTS' || folder.type === 'SCHEDULED');

  return (
    // Room below the pager for the phone's compose button, which floats over the page's end.
    <section className="pb-20 lg:pb-0">
      <PageHeader
        title={title}
        subtitle={
          page && !list.error
            ? totalIsEstimate
              ? t('list.totalEstimate', { total: formatCount(total) })
              : t('list.total', { count: total })
            : undefined
        }
        reserveSubtitle
        actions={inTrash && total > 0 ? <EmptyTrashButton onEmptied={refresh} /> : undefined}
      />
      <FolderLinks folders={folders} />
      {/* No overflow-hidden: the toolbar's menus must open past the card when few rows show. */}
      <div className="rounded-xl border border-gray-200 bg-white shadow-sm">
        <ListToolbar
          params={params}
          update={update}
          focusSearch={Boolean((location.state as { focusSearch?: boolean } | null)?.focusSearch)}
          allSelected={selection.allSelected}
          someSelected={selection.someSelected}
          canSelect={Boolean(rows && rows.length > 0)}
          onToggleAll={selection.toggleAll}
        />
        {selection.allSelected && scope && rows && total > rows.length && (
          <SelectAllOffer
            pageCount={rows.length}
            total={total}
            allInFolder={bulkSelection.allInFolder}
            onSelectAll={bulkSelection.selectAllInFolder}
            onClear={bulkSelection.clearAll}
          />
        )}
        {selection.ids.length > 0 && (
          <BulkBar
            count={bulk.count}
            busy={bulk.busy}
            targets={bulkSelection.moveTargets}
            folderName={bulkSelection.folderName}
            onMarkRead={() => void bulk.markRead()}
            onMarkUnread={() => void bulk.markUnread()}
            onStar={() => void bulk.star()}
            onRestore={inTrash ? () => void bulk.restore() : undefined}
            onDelete={() => setConfirmDelete(true)}
            onMove={bulkSelection.moveTo}
          />
        )}
        <MessageList
          rows={rows}
          loading={list.loading}
          error={list.error}
          narrowed={hasAnyFilter(params.filters)}
          searching={searching}
          highlight={highlight}
          emptyHint={emptyHint}
          selected={selection.selected}
          showRecipients={showRecipients}
          hrefOf={rowActions.hrefOf}
          onRetry={() => list.reload()}
          onToggleSelect={selection.toggle}
          onToggleStar={rowActions.toggleStar}
          onOpen={rowActions.open}
        />
        {page && !list.error && total > 0 && (
          <div className="border-t border-gray-100">
            <Pagination
              currentPage={page.number + 1}
              totalPages={page.totalPages}
              totalItems={total}
              itemsPerPage={page.size}
              totalIsEstimate={totalIsEstimate}
              onPageChange={(next) => {
                paging.remember(page, next);
                update({ ...params, page: next });
              }}
              onPageSizeChange={(size) => update({ size })}
            />
          </div>
        )}
      </div>
      <ConfirmDialog
        open={confirmDelete}
        tone="danger"
        title={t('bulk.confirmDeleteTitle', { count: bulk.count })}
        message={inTrash ? t('bulk.confirmDeleteForever') : t('bulk.confirmDeleteMessage')}
        confirmLabel={t('bulk.delete')}
        onCancel={() => setConfirmDelete(false)}
        onConfirm={() => {
          setConfirmDelete(false);
          void bulk.remove();
        }}
      />
      <ComposeFab />
    </section>
  );
}
