import { ComposePage } from '@/features/compose/components/ComposePage';
import { useWritingAccount } from './account';

/** Hands the signed-in user to the compose page. */
export function ComposeRoute() {
  return <ComposePage account={useWritingAccount()} />;
}
