import type { MailboxType } from '@postline/shared/mailbox';
import { folderSlug, paths } from '@/lib/paths';

/** The list a message lives in: /mailbox/inbox etc., or /mailbox/folder-{id} for a custom folder. */
export function folderPathOf(message: { mailboxType: MailboxType; mailboxId: number }): string {
  return paths.mailList(folderSlug({ id: message.mailboxId, type: message.mailboxType }));
}
