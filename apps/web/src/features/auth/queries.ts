import { queryClient } from '@/lib/query-client';
import { queryKeys } from '@/lib/query-keys';

/**
 * The notifications the server stored are read again, now in the account's new language. The
 * app's one cache by name: the language is kept in step outside any query (use-language-sync.ts).
 */
export function reloadNotifications(): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: queryKeys.notifications.all });
}
