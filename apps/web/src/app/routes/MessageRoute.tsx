import { MessagePage } from '@/features/message/components/MessagePage';
import { useAuthStore } from '@/features/auth/store';

/** Hands the signed-in user's address to the message view (replies never go back to it). */
export function MessageRoute() {
  const myAddress = useAuthStore((state) => state.user?.email ?? '');
  return <MessagePage myAddress={myAddress} />;
}
