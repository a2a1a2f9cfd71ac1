import { useCallback } from 'react';
import type { AnswerDialogProps } from '@/features/compose/components/AnswerDialog';
import { MessagePage, type AnswerComposerProps } from '@/features/message/components/MessagePage';
import { lazyScreen } from '@/lib/lazy-screen';
import { useWritingAccount } from './account';

// The composer (pickers, uploader) loads when the user answers, not with every message opened.
const AnswerDialog = lazyScreen<AnswerDialogProps>(() =>
  import('@/features/compose/components/AnswerDialog').then((m) => m.AnswerDialog),
);

/**
 * Hands the message view the compose feature's reply and forward dialog (a feature cannot import
 * another), with the signed-in user: replies never go back to their own address.
 */
export function MessageRoute() {
  const account = useWritingAccount();
  const Composer = useCallback(
    (props: AnswerComposerProps) => <AnswerDialog {...props} account={account} />,
    [account],
  );
  return <MessagePage AnswerComposer={Composer} />;
}
