import clsx from 'clsx';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Menu, type MenuItem } from '@/components/ui/Menu';
import {
  BackIcon,
  DeleteIcon,
  ForwardIcon,
  MoreIcon,
  ReplyAllIcon,
  ReplyIcon,
  SpamIcon,
  StarFilledIcon,
  StarOutlineIcon,
  UnreadIcon,
} from '@/components/ui/icons';

interface MessageToolbarProps {
  isStarred: boolean;
  /** Drafts and trashed mail cannot be answered from here. */
  canAnswer: boolean;
  onBack: () => void;
  onReply: () => void;
  onReplyAll: () => void;
  onForward: () => void;
  onToggleStar: () => void;
  onMarkUnread: () => void;
  onDelete: () => void;
  /** Report spam, or Not spam when it is in Spam; left out for mail of one's own (sent, drafts). */
  spam?: { inSpam: boolean; onReport: () => void };
  /** Archive, Move to folder, or Restore in Trash (MessageFolderActions, issue 34). */
  folderActions?: ReactNode;
  /** Prints the message alone (index.css's print rules leave the app around it off the paper). */
  onPrint?: () => void;
  /** Show original and download .eml; left out for drafts, which have no source yet. */
  onShowOriginal?: () => void;
  onDownloadOriginal?: () => void;
}

function ToolButton({
  label,
  icon,
  onClick,
  showLabel = true,
  pressed,
  className,
}: {
  label: string;
  icon: ReactNode;
  onClick: () => void;
  showLabel?: boolean;
  pressed?: boolean;
  className?: string;
}) {
  return (
    <button
      type="button"
      onClick={onClick}
      aria-label={showLabel ? undefined : label}
      aria-pressed={pressed}
      title={label}
      className={clsx(
        'inline-flex h-9 items-center gap-1.5 rounded-lg px-3 text-sm font-medium text-gray-700 transition-colors hover:bg-gray-100',
        className,
      )}
    >
      {icon}
      {showLabel && <span className="sr-only sm:not-sr-only">{label}</span>}
    </button>
  );
}

/**
 * Back, Reply, Reply all, Forward, the folder actions, star, mark unread and delete (SPEC §2); print
 * and the original under "more".
 */
export function MessageToolbar(props: MessageToolbarProps) {
  const { t } = useTranslation('message');
  const more: MenuItem[] = [];
  if (props.onPrint) more.push({ label: t('actions.print'), onSelect: props.onPrint });
  if (props.onShowOriginal) more.push({ label: t('actions.showOriginal'), onSelect: props.onShowOriginal });
  if (props.onDownloadOriginal)
    more.push({ label: t('actions.downloadOriginal'), onSelect: props.onDownloadOriginal });
  return (
    <div
      role="toolbar"
      aria-label={t('actions.label')}
      className="mb-4 flex flex-wrap items-center gap-1 print:hidden"
    >
      <ToolButton label={t('actions.back')} icon={<BackIcon />} onClick={props.onBack} />
      <span aria-hidden="true" className="mx-1 h-6 w-px bg-gray-200" />
      {props.canAnswer && (
        <>
          <ToolButton label={t('actions.reply')} icon={<ReplyIcon />} onClick={props.onReply} />
          <ToolButton label={t('actions.replyAll')} icon={<ReplyAllIcon />} onClick={props.onReplyAll} />
          <ToolButton label={t('actions.forward')} icon={<ForwardIcon />} onClick={props.onForward} />
        </>
      )}
      <div className="ml-auto flex items-center gap-1">
        {props.folderActions}
        <ToolButton
          label={props.isStarred ? t('actions.unstar') : t('actions.star')}
          icon={props.isStarred ? <StarFilledIcon /> : <StarOutlineIcon />}
          showLabel={false}
          onClick={props.onToggleStar}
          className={props.isStarred ? 'text-amber-500' : undefined}
        />
        <ToolButton
          label={t('actions.markUnread')}
          icon={<UnreadIcon />}
          showLabel={false}
          onClick={props.onMarkUnread}
        />
        {props.spam && (
          <ToolButton
            label={props.spam.inSpam ? t('actions.notSpam') : t('actions.reportSpam')}
            icon={<SpamIcon />}
            showLabel={false}
            onClick={props.spam.onReport}
            className="hover:bg-amber-50 hover:text-amber-700"
          />
        )}
        <ToolButton
          label={t('actions.delete')}
          icon={<DeleteIcon />}
          showLabel={false}
          onClick={props.onDelete}
          className="hover:bg-red-50 hover:text-red-600"
        />
        {more.length > 0 && (
          <Menu
            label={t('actions.more')}
            icon={<MoreIcon />}
            items={more}
            className="inline-flex h-9 items-center rounded-lg px-2 text-gray-700 hover:bg-gray-100"
          />
        )}
      </div>
    </div>
  );
}
