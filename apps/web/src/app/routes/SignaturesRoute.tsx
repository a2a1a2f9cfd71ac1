import { SignaturesPage } from '@/features/signatures/components/SignaturesPage';
import { useWritingAccount } from './account';

/** Hands the signed-in user to the signatures page, whose previews fill {{name}} and {{email}}. */
export function SignaturesRoute() {
  return <SignaturesPage account={useWritingAccount()} />;
}
