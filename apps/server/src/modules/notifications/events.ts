import type { Notification } from '@postline/shared/notifications';
import type { Tx } from '../../db/client.js';
import { byLanguage, type LocalizedText } from '../../lib/i18n.js';
import type { DeliveredNotice, DeliveryNotifications } from '../../mail/pipeline/ports.js';
import { presentSettings } from './presenter.js';
import type { NotificationService, NotifyRequest } from './service.js';

/**
 * The notifications other areas write, each inside the caller's transaction so it is stored (and
 * pushed) exactly when the change it reports commits. Each answers null when the recipient's
 * settings turned that kind off.
 */

/** Bounces come from the mailer daemon (RFC 3464 reports); they are alerts, not new mail. */
export function isBounce(fromAddress: string): boolean {
  return /^mailer-daemon@/i.test(fromAddress.trim());
}

/**
 * The notifications delivery writes (mail/pipeline: recipients.ts reads the settings, notify.ts the
 * rest): NEW_MESSAGE for delivered mail, SYSTEM_ALERT for a bounce, one for each message of the
 * transaction, all in one statement; each one's `alsoPublish` goes out with it. False where the
 * settings turned it off (nothing published for it).
 */
export function deliveryNotifications(service: NotificationService): DeliveryNotifications {
  return {
    settingsOf: presentSettings,
    async newMail(tx, delivered) {
      const written = await service.notifyMany(tx, delivered.map(deliveredRequest));
      return written.map((notification) => notification !== null);
    },
  };
}

function deliveredRequest({ ctx, message, alsoPublish }: DeliveredNotice): NotifyRequest {
  const fromName = message.fromName?.trim() || message.fromAddress;
  const subject = message.subject.trim();
  const data = {
    messageId: message.id,
    from: message.fromAddress,
    fromName,
    subject,
    mailboxId: message.mailboxId,
  };
  const common = { referenceType: 'MESSAGE' as const, referenceId: message.id, data };
  const options = {
    recipient: { language: ctx.user.language, settings: ctx.notificationSettings },
    alsoPublish,
  };
  const content = subject ? { content: subject } : { contentKey: 'noSubject' as const };
  if (isBounce(message.fromAddress)) {
    const input = { type: 'SYSTEM_ALERT' as const, titleKey: 'bounceTitle' as const, ...content, ...common };
    return { userId: ctx.userId, input, options };
  }
  const input = {
    type: 'NEW_MESSAGE' as const,
    titleKey: 'newMessageTitle' as const,
    params: { fromName },
    ...content,
    ...common,
  };
  return { userId: ctx.userId, input, options };
}

export interface FilterExecutedDetails {
  filterId: number;
  filterName: string;
  /** The message the filter acted on; the notification opens it. */
  messageId?: number;
  subject?: string;
  /** Short descriptions of the actions applied, in the recipient's language if possible. */
  actions?: string[];
  /** The same in every language, so the notification reads in whichever the reader has. */
  actionTexts?: readonly LocalizedText[];
}

/** FILTER_EXECUTED: a filter matched and acted. Points at the message when there is one, so a click opens it. */
export function notifyFilterExecuted(
  service: NotificationService,
  tx: Tx,
  userId: number,
  details: FilterExecutedDetails,
): Promise<Notification | null> {
  const subject = details.subject?.trim() ?? '';
  const actions = (details.actions ?? []).join(', ');
  const actionTexts = details.actionTexts;
  const actionsParam =
    actionTexts && actionTexts.length > 0
      ? byLanguage((lang) => actionTexts.map((text) => text[lang]).join(', '))
      : actions;
  return service.notify(tx, userId, {
    type: 'FILTER_EXECUTED',
    titleKey: 'filterExecutedTitle',
    ...(subject && actions ? { contentKey: 'filterExecutedContent' } : { content: subject || actions }),
    params: { filterName: details.filterName, subject, actions: actionsParam },
    referenceType: details.messageId ? 'MESSAGE' : 'FILTER',
    referenceId: details.messageId ?? details.filterId,
    data: {
      filterId: details.filterId,
      filterName: details.filterName,
      ...(details.messageId ? { messageId: details.messageId } : {}),
      ...(subject ? { subject } : {}),
      actions: details.actions ?? [],
    },
  });
}

/** FILTER_EXECUTED for a run over the inbox's existing mail: how many of how many it acted on. */
export function notifyExistingMailFiltered(
  service: NotificationService,
  tx: Tx,
  userId: number,
  run: { filterId: number; filterName: string; scanned: number; matched: number },
): Promise<Notification | null> {
  return service.notify(tx, userId, {
    type: 'FILTER_EXECUTED',
    titleKey: 'filterExecutedTitle',
    contentKey: 'filterExistingMailContent',
    params: { filterName: run.filterName, matched: run.matched, scanned: run.scanned },
    referenceType: 'FILTER',
    referenceId: run.filterId,
    data: { ...run, existingMail: true },
  });
}

export interface StatusUpdateDetails {
  messageId: number;
  subject?: string;
  /** What changed, e.g. READ, UNREAD, STARRED, UNSTARRED, MOVED, DELETED. */
  status: string;
  data?: Record<string, unknown>;
}

/** MESSAGE_STATUS_UPDATE: a message changed state (e.g. by another device or a rule). */
export function notifyStatusUpdate(
  service: NotificationService,
  tx: Tx,
  userId: number,
  details: StatusUpdateDetails,
): Promise<Notification | null> {
  const subject = details.subject?.trim() ?? '';
  return service.notify(tx, userId, {
    type: 'MESSAGE_STATUS_UPDATE',
    titleKey: 'statusUpdateTitle',
    params: { status: details.status },
    ...(subject ? { content: subject } : { contentKey: 'noSubject' }),
    referenceType: 'MESSAGE',
    referenceId: details.messageId,
    data: {
      ...details.data,
      messageId: details.messageId,
      status: details.status,
      ...(subject ? { subject } : {}),
    },
  });
}

export interface FolderUpdateDetails {
  mailboxId: number;
  mailboxName: string;
  totalCount: number;
  unreadCount: number;
  data?: Record<string, unknown>;
}

/** MAILBOX_UPDATE: a folder's counts moved (the client refreshes its sidebar and list). */
export function notifyFolderUpdate(
  service: NotificationService,
  tx: Tx,
  userId: number,
  details: FolderUpdateDetails,
): Promise<Notification | null> {
  return service.notify(tx, userId, {
    type: 'MAILBOX_UPDATE',
    titleKey: 'mailboxUpdateTitle',
    contentKey: 'mailboxUpdateContent',
    params: {
      mailboxName: details.mailboxName,
      totalCount: details.totalCount,
      unreadCount: details.unreadCount,
    },
    referenceType: 'MAILBOX',
    referenceId: details.mailboxId,
    data: {
      ...details.data,
      mailboxId: details.mailboxId,
      totalCount: details.totalCount,
      unreadCount: details.unreadCount,
    },
  });
}
