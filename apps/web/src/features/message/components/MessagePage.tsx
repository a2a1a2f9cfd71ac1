import { Suspense, useState, type ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import type { Message } from '@postline/shared/messages';
import { ConfirmDialog } from '@/components/ui/ConfirmDialog';
import { toast } from '@/components/ui/toast';
import { useMarkRead, useReloadMail, useStarMessage } from '@/features/mail/queries';
import { paths } from '@/lib/paths';
import { reportSpam } from '../api/report-spam';
import { downloadOriginal } from '../api/original';
import { folderPathOf } from '../folder-path';
import { useDeleteMessage, useMessage } from '../queries';
import { MessageMeta } from './MessageMeta';
import { NotShown } from './NotShown';
import { UnsubscribeButton } from './UnsubscribeButton';
import { MessageFolderActions } from './MessageFolderActions';
import { MessageToolbar } from './MessageToolbar';
import { MessageContent } from './MessageContent';

/** Reply, reply all and forward are written in the compose feature's dialog, handed in by the route. */
export interface AnswerComposerProps {
  kind: 'REPLY' | 'REPLY_ALL' | 'FORWARD';
  message: Message;
  onClose: () => void;
}

/**
 * The open answer is part of the address (?answer=reply), so a reload opens it again with what was
 * written (issue 34).
 */
const ANSWERS = { reply: 'REPLY', replyAll: 'REPLY_ALL', forward: 'FORWARD' } as const;
type Answer = keyof typeof ANSWERS;
const isAnswer = (value: string | null): value is Answer => value !== null && Object.hasOwn(ANSWERS, value);

/** /message/{id}: one message with its actions (SPEC §2). */
export function MessagePage({ AnswerComposer }: { AnswerComposer?: ComponentType<AnswerComposerProps> }) {
  const { messageId } = useParams();
  const id = Number(messageId);
  const { t } = useTranslation('message');
  const state = useMessage(id);

  if (state.loading || !state.message) {
    return <NotShown {...state} title={t('title')} loadingText={t('loading')} notFoundText={t('notFound')} />;
  }
  return (
    <MessageView
      message={state.message}
      setMessage={state.setMessage}
      {...(AnswerComposer ? { AnswerComposer } : {})}
    />
  );
}

function MessageView({
  message,
  setMessage,
  AnswerComposer,
}: {
  message: Message;
  setMessage: (update: (message: Message) => Message) => void;
  AnswerComposer?: ComponentType<AnswerComposerProps>;
}) {
  const { t } = useTranslation('message');
  const navigate = useNavigate();
  const location = useLocation();
  const reloadMail = useReloadMail();
  const [deleting, setDeleting] = useState(false);
  const [query, setQuery] = useSearchParams();
  const answerParam = query.get('answer');
  const answer = isAnswer(answerParam) && !message.isDraft ? answerParam : null;
  const openAnswer = (which: Answer | null) =>
    setQuery(
      (params) => {
        if (which) params.set('answer', which);
        else params.delete('answer');
        return params;
      },
      { replace: true },
    );
  const inTrash = message.mailboxType === 'TRASH';
  const folder = folderPathOf(message);
  const star = useStarMessage(() => toast.error(t('toast.starError')));
  const unread = useMarkRead(() => toast.error(t('toast.markUnreadError')));
  const deletion = useDeleteMessage({
    onSuccess: () => toast.success(inTrash ? t('toast.deletedForever') : t('toast.deleted')),
    onError: () => toast.error(t('toast.deleteError')),
  });

  // Back returns to the list as it was (page, search) when the app brought the user here.
  const back = () => (location.key !== 'default' ? navigate(-1) : navigate(folder));

  // Optimistic (issue 16): the folder shows the change at once; a refusal puts it back with a toast.
  function markUnread() {
    unread.mutate({ id: message.id, isRead: false });
    navigate(folder);
  }

  function remove() {
    setDeleting(false);
    deletion.mutate(message.id);
    navigate(folder, { replace: true });
  }

  async function markSpam(isSpam: boolean) {
    try {
      const moved = await reportSpam(message.id, isSpam);
      if (isSpam) {
        toast.success(t('toast.reportedSpam'));
        navigate(folder, { replace: true });
        void reloadMail();
      } else {
        setMessage(() => moved);
        toast.success(t('toast.notSpam'));
        void reloadMail(moved.id); // the view holds the server's answer already
      }
    } catch {
      toast.error(t('toast.spamError'));
    }
  }

  async function saveOriginal() {
    try {
      await downloadOriginal(message.id, message.subject);
    } catch {
      toast.error(t('original.downloadError'));
    }
  }

  return (
    <article>
      <MessageToolbar
        isStarred={message.isStarred}
        canAnswer={!message.isDraft}
        onBack={back}
        onReply={() => openAnswer('reply')}
        onReplyAll={() => openAnswer('replyAll')}
        onForward={() => openAnswer('forward')}
        onToggleStar={() => star.mutate({ id: message.id, isStarred: !message.isStarred })}
        onMarkUnread={markUnread}
        onDelete={() => setDeleting(true)}
        onPrint={() => window.print()}
        folderActions={<MessageFolderActions message={message} />}
        {...(message.isDraft || message.mailboxType === 'SENT' || message.mailboxType === 'DRAFTS'
          ? {}
          : {
              spam: {
                inSpam: message.mailboxType === 'SPAM',
                onReport: () => void markSpam(message.mailboxType !== 'SPAM'),
              },
            })}
        {...(message.isDraft
          ? {}
          : {
              // A tab of its own, as Gmail and Thunderbird show the source beside the message.
              onShowOriginal: () => window.open(paths.messageOriginal(message.id), '_blank', 'noopener'),
              onDownloadOriginal: () => void saveOriginal(),
            })}
      />
      <div className="rounded-xl border border-gray-200 bg-white px-5 py-5 shadow-sm sm:px-8 sm:py-6">
        <MessageMeta message={message} senderActions={<UnsubscribeButton message={message} />} />
        <MessageContent message={message} />
      </div>
      {answer && AnswerComposer && (
        <Suspense fallback={null}>
          <AnswerComposer kind={ANSWERS[answer]} message={message} onClose={() => openAnswer(null)} />
        </Suspense>
      )}
      <ConfirmDialog
        open={deleting}
        tone="danger"
        title={t('confirmDelete.title')}
        message={inTrash ? t('confirmDelete.forever') : t('confirmDelete.message')}
        confirmLabel={t('actions.delete')}
        onCancel={() => setDeleting(false)}
        onConfirm={remove}
      />
    </article>
  );
}
