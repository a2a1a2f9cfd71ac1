import { Suspense, useRef, useState, type ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import type { Conversation } from '@postline/shared/conversations';
import type { Message } from '@postline/shared/messages';
import { ConfirmDialog } from '@/components/ui/ConfirmDialog';
import { BackIcon } from '@/components/ui/icons';
import { toast } from '@/components/ui/toast';
import { useStarMessage } from '@/features/mail/queries';
import { folderPathOf } from '../folder-path';
import { useConversation, useDeleteMessage } from '../queries';
import { ConversationMessage, type MessageAction } from './ConversationMessage';
import { NotShown } from './NotShown';
import type { AnswerComposerProps } from './MessagePage';

const ANSWERS = { reply: 'REPLY', replyAll: 'REPLY_ALL', forward: 'FORWARD' } as const;
type Answer = keyof typeof ANSWERS;
const isAnswer = (value: string | null): value is Answer => value !== null && Object.hasOwn(ANSWERS, value);

/**
 * /conversation/{id}?mailboxId= (issue 36): a conversation's messages in order, the older ones
 * collapsed to a line, the unread ones and the newest open; each with its own actions. Reply, reply
 * all and forward are compose's dialog, handed in by the route as for one message.
 */
export function ConversationPage({
  AnswerComposer,
}: {
  AnswerComposer?: ComponentType<AnswerComposerProps>;
}) {
  const { conversationId = '' } = useParams();
  const [query] = useSearchParams();
  const mailboxId = Number(query.get('mailboxId')) || null;
  const { t } = useTranslation('message');
  const state = useConversation(conversationId, mailboxId);

  if (!state.conversation) {
    return (
      <NotShown
        {...state}
        title={t('conversation.title')}
        loadingText={t('conversation.loading')}
        notFoundText={t('conversation.notFound')}
      />
    );
  }
  return (
    <ConversationView
      conversation={state.conversation}
      reload={state.reload}
      {...(AnswerComposer ? { AnswerComposer } : {})}
    />
  );
}

interface ViewProps {
  conversation: Conversation;
  reload: () => void;
  AnswerComposer?: ComponentType<AnswerComposerProps>;
}

function ConversationView({ conversation, reload, AnswerComposer }: ViewProps) {
  const { t } = useTranslation('message');
  const navigate = useNavigate();
  const location = useLocation();
  const [query, setQuery] = useSearchParams();
  const { messages } = conversation;
  const newest = messages.at(-1)!;
  // Unread when first seen stays open after opening has marked it read.
  const seenUnread = useRef(new Set<number>());
  for (const message of messages) if (!message.isRead) seenUnread.current.add(message.id);
  const [toggled, setToggled] = useState<ReadonlyMap<number, boolean>>(new Map());
  const isOpen = (message: Message) =>
    toggled.get(message.id) ?? (message.id === newest.id || seenUnread.current.has(message.id));
  const [deleting, setDeleting] = useState<Message | null>(null);
  const star = useStarMessage(() => toast.error(t('toast.starError')));
  const deletion = useDeleteMessage({
    onSuccess: () => toast.success(t('toast.deleted')),
    onError: () => toast.error(t('toast.deleteError')),
  });
  // A folder's own mail: what the list came from is where Back goes.
  const home = folderPathOf(messages.find((m) => m.mailboxType !== 'SENT') ?? newest);
  const back = () => (location.key !== 'default' ? navigate(-1) : navigate(home));

  const answerParam = query.get('answer');
  const answerTo = messages.find((m) => m.id === Number(query.get('to'))) ?? newest;
  const answer = isAnswer(answerParam) ? answerParam : null;
  const openAnswer = (which: Answer | null, to?: Message) =>
    setQuery(
      (params) => {
        if (which && to) {
          params.set('answer', which);
          params.set('to', String(to.id));
        } else {
          params.delete('answer');
          params.delete('to');
        }
        return params;
      },
      { replace: true },
    );

  function act(message: Message, action: MessageAction) {
    if (action === 'star') {
      star.mutate({ id: message.id, isStarred: !message.isStarred }, { onSettled: reload });
    } else if (action === 'delete') {
      setDeleting(message);
    } else {
      openAnswer(action, message);
    }
  }

  function remove(message: Message) {
    setDeleting(null);
    deletion.mutate(message.id, { onSettled: reload });
    if (messages.length === 1) navigate(home, { replace: true });
  }

  const allOpen = messages.every(isOpen);
  return (
    <article>
      <div className="mb-3 flex items-center gap-2">
        <button
          type="button"
          onClick={back}
          aria-label={t('actions.back')}
          title={t('actions.back')}
          className="inline-flex h-9 items-center rounded-lg px-2 text-gray-700 hover:bg-gray-100"
        >
          <BackIcon />
        </button>
        <span className="flex-1" />
        <button
          type="button"
          onClick={() => setToggled(new Map(messages.map((m) => [m.id, !allOpen])))}
          className="h-9 rounded-lg px-3 text-sm text-gray-700 hover:bg-gray-100"
        >
          {allOpen ? t('conversation.collapseAll') : t('conversation.expandAll')}
        </button>
      </div>
      <header className="mb-4 px-1">
        <h1 className="text-xl font-semibold break-words text-gray-900 sm:text-2xl">
          {conversation.subject.trim() || t('noSubject')}
        </h1>
        <p className="mt-1 text-sm text-gray-500">{t('conversation.count', { count: messages.length })}</p>
      </header>
      <ol className="flex flex-col gap-2">
        {messages.map((message) => (
          <ConversationMessage
            key={message.id}
            message={message}
            expanded={isOpen(message)}
            isMine={message.mailboxType === 'SENT' || message.isDraft}
            onToggle={() => setToggled((map) => new Map(map).set(message.id, !isOpen(message)))}
            onAction={(action) => act(message, action)}
          />
        ))}
      </ol>
      {answer && AnswerComposer && (
        <Suspense fallback={null}>
          <AnswerComposer
            kind={ANSWERS[answer]}
            message={answerTo}
            onClose={() => {
              openAnswer(null);
              reload();
            }}
          />
        </Suspense>
      )}
      <ConfirmDialog
        open={deleting !== null}
        tone="danger"
        title={t('confirmDelete.title')}
        message={t('confirmDelete.message')}
        confirmLabel={t('actions.delete')}
        onCancel={() => setDeleting(null)}
        onConfirm={() => deleting && remove(deleting)}
      />
    </article>
  );
}
