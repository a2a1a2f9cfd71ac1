import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useParams } from 'react-router';
import type { Message } from '@postline/shared/messages';
import { Button } from '@/components/ui/Button';
import { ConfirmDialog } from '@/components/ui/ConfirmDialog';
import { LoadingBlock } from '@/components/ui/Spinner';
import { toast } from '@/components/ui/toast';
import { invalidateMail } from '@/lib/mail-cache';
import { useMarkRead, useStarMessage } from '@/lib/mail-flags';
import { paths } from '@/lib/paths';
import { useDeleteMessage } from '../api/delete-message';
import { reportSpam } from '../api/report-spam';
import { useMessage } from '../hooks/use-message';
import { downloadOriginal } from '../api/original';
import { folderPathOf } from '../folder-path';
import { AttachmentList } from './AttachmentList';
import { ForwardModal } from './ForwardModal';
import { InvitationCard } from './InvitationCard';
import { MessageBody } from './MessageBody';
import { MessageMeta } from './MessageMeta';
import { MessageToolbar } from './MessageToolbar';
import { ReplyModal } from './ReplyModal';

type Dialog = 'reply' | 'replyAll' | 'forward' | 'delete' | null;

/** /message/{id}: one message with its actions (SPEC §2). */
export function MessagePage({ myAddress }: { myAddress: string }) {
  const { messageId } = useParams();
  const id = Number(messageId);
  const { t } = useTranslation('messageDetail');
  const state = useMessage(id);
  const navigate = useNavigate();

  if (state.loading || !state.message) {
    return (
      <section>
        <h1 className={state.loading ? 'sr-only' : 'mb-4 text-2xl font-semibold text-gray-900'}>
          {t('title')}
        </h1>
        {state.loading ? (
          <LoadingBlock label={t('loading')} />
        ) : (
          <div role="alert" className="rounded-xl border border-gray-200 bg-white px-6 py-12 text-center">
            <p className="text-gray-700">{state.notFound ? t('notFound') : state.error}</p>
            <div className="mt-6 flex justify-center gap-2">
              <Button variant="secondary" onClick={() => navigate(paths.mailbox('inbox'))}>
                {t('backToInbox')}
              </Button>
              {!state.notFound && <Button onClick={state.reload}>{t('retry')}</Button>}
            </div>
          </div>
        )}
      </section>
    );
  }
  return <MessageView message={state.message} setMessage={state.setMessage} myAddress={myAddress} />;
}

function MessageView({
  message,
  setMessage,
  myAddress,
}: {
  message: Message;
  setMessage: (update: (message: Message) => Message) => void;
  myAddress: string;
}) {
  const { t } = useTranslation('messageDetail');
  const navigate = useNavigate();
  const location = useLocation();
  const client = useQueryClient();
  const [dialog, setDialog] = useState<Dialog>(null);
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
    setDialog(null);
    deletion.mutate(message.id);
    navigate(folder, { replace: true });
  }

  async function markSpam(isSpam: boolean) {
    try {
      const moved = await reportSpam(message.id, isSpam);
      if (isSpam) {
        toast.success(t('toast.reportedSpam'));
        navigate(folder, { replace: true });
        void invalidateMail(client);
      } else {
        setMessage(() => moved);
        toast.success(t('toast.notSpam'));
        void invalidateMail(client, moved.id); // the view holds the server's answer already
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

  const toSent = () => {
    setDialog(null);
    navigate(paths.mailbox('sent'));
  };

  return (
    <article>
      <MessageToolbar
        isStarred={message.isStarred}
        canAnswer={!message.isDraft}
        onBack={back}
        onReply={() => setDialog('reply')}
        onReplyAll={() => setDialog('replyAll')}
        onForward={() => setDialog('forward')}
        onToggleStar={() => star.mutate({ id: message.id, isStarred: !message.isStarred })}
        onMarkUnread={markUnread}
        onDelete={() => setDialog('delete')}
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
        <MessageMeta message={message} />
        {message.invitation && (
          <InvitationCard invitation={message.invitation} attachments={message.attachments} />
        )}
        <div className="pt-5">
          <MessageBody
            text={message.bodyText}
            html={message.bodyHtml}
            attachments={message.attachments}
            clippedOriginalHref={message.bodyClipped ? paths.messageOriginal(message.id) : null}
          />
        </div>
        {/* attachment-list */}
        <AttachmentList attachments={message.attachments.filter((attachment) => !attachment.isInline)} />
      </div>
      <ReplyModal
        open={dialog === 'reply' || dialog === 'replyAll'}
        all={dialog === 'replyAll'}
        message={message}
        myAddress={myAddress}
        onClose={() => setDialog(null)}
        onSent={toSent}
      />
      <ForwardModal
        open={dialog === 'forward'}
        message={message}
        onClose={() => setDialog(null)}
        onSent={toSent}
      />
      <ConfirmDialog
        open={dialog === 'delete'}
        tone="danger"
        title={t('confirmDelete.title')}
        message={inTrash ? t('confirmDelete.forever') : t('confirmDelete.message')}
        confirmLabel={t('actions.delete')}
        onCancel={() => setDialog(null)}
        onConfirm={remove}
      />
    </article>
  );
}
