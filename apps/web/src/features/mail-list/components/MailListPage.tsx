import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import type { BulkScope } from '@postline/shared/message-requests';
import type { MessageListItem } from '@postline/shared/messages';
import { PageHeader } from '@/components/PageHeader';
import { ConfirmDialog } from '@/components/ui/ConfirmDialog';
import { PencilIcon } from '@/components/ui/icons';
import { Pagination } from '@/components/ui/Pagination';
import { toast } from '@/components/ui/toast';
import { flattenFolders, type FlatFolder } from '@/features/mail/folders';
import { useFolders, useMarkRead, useReloadMail, useStarMessage } from '@/features/mail/queries';
import { formatCount } from '@/lib/numbers';
import { paths } from '@/lib/paths';
import { folderOf } from '../folders';
import { useCursorPaging } from '../hooks/use-cursor-paging';
import { useListParams } from '../hooks/use-list-params';
import { useSelection } from '../hooks/use-selection';
import { hasAnyFilter, isSearchApplied, parseFolder, type FolderRef, type ListParams } from '../list-params';
import { listRequest } from '../list-request';
import { useBulkActions, useMessageList } from '../queries';
import { searchScopeOf } from '../search-query';
import { highlightTerms, parseSearchQuery } from '@postline/shared/search-syntax';
import { BulkBar } from './BulkBar';
import { EmptyTrashButton } from './EmptyTrashButton';
import { FolderLinks } from './FolderLinks';
import { ListToolbar } from './ListToolbar';
import { MessageList } from './MessageList';
import { SelectAllOffer } from './SelectAllOffer';

/** /mailbox/{folder}: a folder, the starred view or a custom folder; ?messageId= opens a message. */
export function MailListPage() {
  const { folder: slug } = useParams();
  const [query] = useSearchParams();
  const folder = parseFolder(slug);
  const messageId = Number(query.get('messageId'));
  if (Number.isInteger(messageId) && messageId > 0) {
    return <Navigate to={paths.message(messageId)} replace />;
  }
  if (!folder) return <Navigate to={paths.mailList('inbox')} replace />;
  return <MailListView key={folder.slug} folder={folder} />;
}

function MailListView({ folder }: { folder: FolderRef }) {
  const { t } = useTranslation('mailList');
  const navigate = useNavigate();
  const location = useLocation();
  const [params, update] = useListParams();
  const { folders } = useFolders();
  const star = useStarMessage(() => toast.error(t('list.starError')));
  const read = useMarkRead();
  const paging = useCursorPaging(folder, params);
  const { cursor } = paging;
  const request = useMemo(() => listRequest(folder, params, cursor), [folder, params, cursor]);
  const list = useMessageList(request);
  const rows = list.page?.content ?? null;
  const selection = useSelection(rows?.map((row) => row.id) ?? [], JSON.stringify(request));
  const [confirmDelete, setConfirmDelete] = useState(false);

  const shown = folderOf(folder, folders);
  const isDrafts = folder.kind === 'system' && folder.type === 'DRAFTS';
  const showRecipients = folder.kind === 'system' && (folder.type === 'SENT' || folder.type === 'DRAFTS');
  const searching = isSearchApplied(params.search);
  const folderTitle =
    folder.kind === 'custom'
      ? (shown?.name ?? t('folders.unknown'))
      : t(`folders.${folder.slug}`, { defaultValue: t('folders.unknown') });
  const highlight = useMemo(() => {
    const parsed = parseSearchQuery(params.search ?? '');
    return parsed.ok ? highlightTerms(parsed.node) : [];
  }, [params.search]);
  // A search looks where its own scope (in:) says, not in the folder it was started from.
  const searchScope = searching ? searchScopeOf(params.search ?? '') : null;
  const title = !searching
    ? folderTitle
    : searchScope
      ? t('search.titleIn', {
          folder:
            'system' in searchScope
              ? t(`folders.${searchScope.system.toLowerCase()}`, { defaultValue: searchScope.system })
              : searchScope.name,
        })
      : t('search.titleAll');
  const emptyHint = t(`empty.hint.${folder.kind === 'system' ? folder.slug : folder.kind}`, {
    defaultValue: t('empty.hint.custom'),
  });

  // New mail needs nothing here: the real-time handler merges it into the cache the list reads.
  const reloadMail = useReloadMail();
  const refresh = useCallback(() => void reloadMail(), [reloadMail]);

  const { clear } = selection;
  // "Select all N in this folder": the whole folder (with the list's filters), not just the page.
  const [allInFolder, setAllInFolder] = useState(false);
  const requestKey = JSON.stringify(request);
  useEffect(() => setAllInFolder(false), [requestKey]);
  useEffect(() => {
    if (!selection.allSelected) setAllInFolder(false);
  }, [selection.allSelected]);
  const scope = folderScope(folder, shown?.id, params.filters, searching);
  const afterBulk = useCallback(() => {
    clear();
    setAllInFolder(false);
    refresh();
  }, [clear, refresh]);
  const total = list.page?.totalElements ?? 0;
  const totalIsEstimate = list.page?.totalIsEstimate ?? false;
  const bulkTarget = useMemo(
    () => (allInFolder && scope ? { scope, count: total } : { ids: selection.ids }),
    // scope is rebuilt each render from what requestKey stands for.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [allInFolder, requestKey, total, selection.ids],
  );
  const bulk = useBulkActions(bulkTarget, afterBulk);

  // After deleting the last rows of the last page, show the page that now is the last.
  const totalPages = list.page?.totalPages ?? 0;
  useEffect(() => {
    if (!list.fetching && totalPages > 0 && params.page > totalPages) update({ ...params, page: totalPages });
  }, [list.fetching, totalPages, params, update]);

  const folderName = useCallback(
    ({ folder: box }: FlatFolder) =>
      box.type === 'CUSTOM' ? box.name : t(`folders.${box.type.toLowerCase()}`),
    [t],
  );
  // Drafts and Sent hold what the user writes: received mail never goes there (issue 34).
  const moveTargets = flattenFolders(folders).filter(
    ({ folder: box }) => box.type !== 'DRAFTS' && box.type !== 'SENT' && box.id !== shown?.id,
  );

  const hrefOf = (message: MessageListItem) =>
    isDrafts || message.isDraft ? `${paths.compose}?draftId=${message.id}` : paths.message(message.id);

  function open(message: MessageListItem) {
    if (isDrafts || message.isDraft) {
      navigate(hrefOf(message));
      return;
    }
    // Optimistic (issue 17): the message opens at once; the view marks it read as well.
    if (!message.isRead) read.mutate({ id: message.id, isRead: true });
    navigate(paths.message(message.id));
  }

  const page = list.page;

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
        actions={
          folder.kind === 'system' && folder.type === 'TRASH' && total > 0 ? (
            <EmptyTrashButton onEmptied={refresh} />
          ) : undefined
        }
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
            allInFolder={allInFolder}
            onSelectAll={() => setAllInFolder(true)}
            onClear={() => {
              setAllInFolder(false);
              clear();
            }}
          />
        )}
        {selection.ids.length > 0 && (
          <BulkBar
            count={bulk.count}
            busy={bulk.busy}
            targets={moveTargets}
            folderName={folderName}
            onMarkRead={() => void bulk.markRead()}
            onMarkUnread={() => void bulk.markUnread()}
            onStar={() => void bulk.star()}
            onRestore={
              folder.kind === 'system' && folder.type === 'TRASH' ? () => void bulk.restore() : undefined
            }
            onDelete={() => setConfirmDelete(true)}
            onMove={(target) => {
              const entry = moveTargets.find((candidate) => candidate.folder.id === target);
              void bulk.move(target, entry ? folderName(entry) : '');
            }}
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
          hrefOf={hrefOf}
          onRetry={() => list.reload()}
          onToggleSelect={selection.toggle}
          onToggleStar={(message) => star.mutate({ id: message.id, isStarred: !message.isStarred })}
          onOpen={open}
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
        message={
          folder.kind === 'system' && folder.type === 'TRASH'
            ? t('bulk.confirmDeleteForever')
            : t('bulk.confirmDeleteMessage')
        }
        confirmLabel={t('bulk.delete')}
        onCancel={() => setConfirmDelete(false)}
        onConfirm={() => {
          setConfirmDelete(false);
          void bulk.remove();
        }}
      />
      {/* On a phone the sidebar's compose button is behind the menu: the list has its own (issue 34). */}
      <Link
        to={paths.compose}
        aria-label={t('nav.compose', { ns: 'common' })}
        title={t('nav.compose', { ns: 'common' })}
        data-testid="compose-fab"
        className="fixed right-4 bottom-6 z-20 inline-flex h-14 w-14 items-center justify-center rounded-full bg-brand-500 text-white shadow-lg transition-colors hover:bg-brand-600 lg:hidden print:hidden"
      >
        <PencilIcon size={22} />
      </Link>
    </section>
  );
}

/** The bulk scope of what the list shows, when a scope can say it (a search cannot). */
function folderScope(
  folder: FolderRef,
  folderId: number | undefined,
  filters: ListParams['filters'],
  searching: boolean,
): BulkScope | null {
  if (searching) return null;
  const narrowing: BulkScope = {
    ...(filters.unread ? { isRead: false } : {}),
    ...(filters.starred ? { isStarred: true } : {}),
    ...(filters.attachment ? { hasAttachments: true } : {}),
  };
  if (folder.kind === 'starred') return { starred: true, ...narrowing };
  return folderId === undefined ? null : { mailboxId: folderId, ...narrowing };
}
