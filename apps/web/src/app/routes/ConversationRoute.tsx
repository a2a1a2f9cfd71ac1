import { useCallback } from 'react';
import type { AnswerDialogProps } from '@/features/compose/components/AnswerDialog';
import { ConversationPage } from '@/features/message/components/ConversationPage';
import type { AnswerComposerProps } from '@/features/message/components/MessagePage';
import { lazyScreen } from '@/lib/lazy-screen';
import { useWritingAccount } from './account';

// The composer loads when the user answers, as on the message screen.
const AnswerDialog = lazyScreen<AnswerDialogProps>(() =>
  import('@/features/compose/components/AnswerDialog').then((m) => m.AnswerDialog),
);

/** Hands the conversation screen (issue 36) compose's reply and forward dialog, with the user. */
export function ConversationRoute() {
  const account = useWritingAccount();
  const Composer = useCallback(
    (props: AnswerComposerProps) => <AnswerDialog {...props} account={account} />,
    [account],
  );
  return <ConversationPage AnswerComposer={Composer} />;
}
