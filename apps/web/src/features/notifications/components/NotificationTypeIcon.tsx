import { notificationEmoji } from '@postline/shared/notification-types';
import { Emoji } from '@/components/ui/Emoji';
import { AlertIcon, BellIcon, FilterIcon, FolderIcon, MailIcon, PencilIcon } from '@/components/ui/icons';

const FALLBACK: Record<string, typeof BellIcon> = {
  NEW_MESSAGE: MailIcon,
  MESSAGE_STATUS_UPDATE: PencilIcon,
  MAILBOX_UPDATE: FolderIcon,
  FILTER_EXECUTED: FilterIcon,
  SYSTEM_ALERT: AlertIcon,
  WARNING: AlertIcon,
  ERROR: AlertIcon,
};

/** The type's emoji (SPEC §2), or its line icon where the machine draws no emoji. */
export function NotificationTypeIcon({ type, size = 20 }: { type: string; size?: number }) {
  const Icon = FALLBACK[type] ?? BellIcon;
  return (
    <Emoji symbol={notificationEmoji(type)} fallback={<Icon size={size} className="text-brand-600" />} />
  );
}
