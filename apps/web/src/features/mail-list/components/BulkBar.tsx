import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/Button';
import type { FlatFolder } from '@/features/mail/folders';

interface BulkBarProps {
  count: number;
  busy: boolean;
  /** Folders the selection can move to, in tree order. */
  targets: FlatFolder[];
  folderName: (entry: FlatFolder) => string;
  onMarkRead: () => void;
  onMarkUnread: () => void;
  onStar: () => void;
  /** In Trash: back where each came from (issue 34). */
  onRestore?: (() => void) | undefined;
  onDelete: () => void;
  onMove: (folderId: number) => void;
}

/** Shown while rows are ticked: the actions apply to each ticked message (SPEC §2). */
export function BulkBar({
  count,
  busy,
  targets,
  folderName,
  onMarkRead,
  onMarkUnread,
  onStar,
  onRestore,
  onDelete,
  onMove,
}: BulkBarProps) {
  const { t } = useTranslation('mailList');
  const moveId = useId();
  return (
    <div
      role="region"
      aria-label={t('bulk.label')}
      className="flex flex-wrap items-center gap-2 border-b border-brand-100 bg-brand-50 px-4 py-2"
    >
      <span className="mr-2 text-sm font-medium text-brand-700" aria-live="polite">
        {t('bulk.selected', { count })}
      </span>
      {onRestore && (
        <Button size="sm" variant="secondary" disabled={busy} onClick={onRestore}>
          {t('bulk.restore')}
        </Button>
      )}
      <Button size="sm" variant="secondary" disabled={busy} onClick={onMarkRead}>
        {t('bulk.markRead')}
      </Button>
      <Button size="sm" variant="secondary" disabled={busy} onClick={onMarkUnread}>
        {t('bulk.markUnread')}
      </Button>
      <Button size="sm" variant="secondary" disabled={busy} onClick={onStar}>
        {t('bulk.star')}
      </Button>
      {targets.length > 0 && (
        <>
          <label htmlFor={moveId} className="sr-only">
            {t('bulk.moveTo')}
          </label>
          <select
            id={moveId}
            value=""
            disabled={busy}
            onChange={(event) => {
              const target = Number(event.target.value);
              if (target) onMove(target);
            }}
            className="h-8 rounded-lg border border-gray-300 bg-white pr-8 pl-2 text-sm text-gray-700"
          >
            <option value="">{t('bulk.moveTo')}</option>
            {targets.map((entry) => (
              <option key={entry.folder.id} value={entry.folder.id}>
                {'\u00a0\u00a0'.repeat(entry.depth)}
                {folderName(entry)}
              </option>
            ))}
          </select>
        </>
      )}
      <Button size="sm" variant="danger" disabled={busy} onClick={onDelete}>
        {t('bulk.delete')}
      </Button>
    </div>
  );
}
