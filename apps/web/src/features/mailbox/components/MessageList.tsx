import clsx from 'clsx';
import { useTranslation } from 'react-i18next';
import type { MessageListItem } from '@postline/shared/messages';
import { Button } from '@/components/ui/Button';
import { EmptyState } from '@/components/ui/EmptyState';
import { Spinner } from '@/components/ui/Spinner';
import { MessageRow, useRowTexts } from './MessageRow';

interface MessageListProps {
  rows: MessageListItem[] | null;
  loading: boolean;
  error: string | null;
  /** Filters or a search are narrowing the list: an empty result means "nothing matches". */
  narrowed: boolean;
  searching: boolean;
  /** The searched words, marked in each row. */
  highlight: readonly string[];
  /** What an empty folder of this kind is for ("Mail you send is kept here."). */
  emptyHint: string;
  selected: Set<number>;
  showRecipients: boolean;
  hrefOf: (message: MessageListItem) => string;
  onRetry: () => void;
  onToggleSelect: (id: number) => void;
  onToggleStar: (message: MessageListItem) => void;
  onOpen: (message: MessageListItem) => void;
}

/** The rows, or what stands in for them: loading, an error with Retry, or one of two empty states. */
export function MessageList({
  rows,
  loading,
  error,
  narrowed,
  searching,
  highlight,
  emptyHint,
  selected,
  showRecipients,
  hrefOf,
  onRetry,
  ...handlers
}: MessageListProps) {
  const { t } = useTranslation('mail');
  const texts = useRowTexts();
  // A page, sort or search change keeps the rows on screen, dimmed, until the new ones arrive
  // (issue 17): only a list with nothing to show yet gets the spinner.
  const stale = loading && Boolean(rows && rows.length > 0) && !error;
  if (loading && !stale) {
    return (
      <div className="flex justify-center py-16 text-brand-500">
        <Spinner label={t('list.loading')} />
      </div>
    );
  }
  if (error) {
    return (
      <div role="alert" className="flex flex-col items-center px-6 py-16 text-center">
        <h2 className="text-lg font-semibold text-gray-800">{t('error.title')}</h2>
        <p className="mt-1 text-sm text-gray-500">{error}</p>
        <Button className="mt-6" variant="secondary" onClick={onRetry}>
          {t('error.retry')}
        </Button>
      </div>
    );
  }
  if (!rows || rows.length === 0) {
    if (searching) return <EmptyState title={t('empty.search')} description={t('empty.searchHint')} />;
    if (narrowed) return <EmptyState title={t('empty.filtered')} description={t('empty.filteredHint')} />;
    return <EmptyState title={t('empty.folder')} description={emptyHint} />;
  }
  const now = new Date();
  return (
    <ul
      aria-label={t('list.label')}
      aria-busy={stale || undefined}
      // inert: a row about to be replaced cannot be clicked by mistake.
      inert={stale || undefined}
      className={clsx('transition-opacity', stale && 'opacity-60')}
    >
      {rows.map((message) => (
        <MessageRow
          key={message.id}
          message={message}
          texts={texts}
          href={hrefOf(message)}
          selected={selected.has(message.id)}
          showRecipients={showRecipients}
          now={now}
          highlight={highlight}
          {...handlers}
        />
      ))}
    </ul>
  );
}
