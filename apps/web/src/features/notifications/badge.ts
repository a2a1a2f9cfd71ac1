import { UNREAD_BADGE_CAP } from '@postline/shared/limits';

/** The bell's badge text (SPEC §2): nothing at 0, the number up to 99, then 99+. */
export function unreadBadgeText(count: number): string | null {
  if (count <= 0) return null;
  return count > UNREAD_BADGE_CAP ? `${UNREAD_BADGE_CAP}+` : String(count);
}
