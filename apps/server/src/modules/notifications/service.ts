// Over 300 lines on purpose: the one service behind SPEC §7's notifications, each operation a short
// method over the same database and real-time push; cut by operation it would only scatter them.
import { makePage, type Page } from '@postline/shared/common';
import {
  isNotificationTypeEnabled,
  type CreateNotificationRequest,
  type Notification,
  type NotificationData,
  type NotificationSettings,
  type NotificationSettingsUpdate,
  type NotificationTestRequest,
  type NotificationType,
  type ReferenceType,
  type UpdateNotificationRequest,
} from '@postline/shared/notifications';
import { DEFAULT_LANGUAGE, type Language } from '@postline/shared/errors';
import type { Database, Queryable, Tx } from '../../db/client.js';
import { notFound } from '../../lib/errors.js';
import type { NotificationTextParams } from '../../db/schema/notifications.js';
import { localizedText } from '../../lib/i18n.js';
import type { PushPayload, RealtimePush } from '../../mail/pipeline/ports.js';
import {
  notificationTexts,
  presentNotification,
  presentSettings,
  type NotificationTextKey,
} from './presenter.js';
import * as repo from './repository.js';

export type { NotificationTextKey };

/**
 * What the server writes: a literal text, or a NotificationTextKey kept with its parameters and
 * rendered in the reader's language whenever it is read (issue 34).
 */
export interface NotifyInput {
  type: NotificationType;
  title?: string;
  titleKey?: NotificationTextKey;
  content?: string;
  contentKey?: NotificationTextKey;
  /** Placeholders of titleKey and contentKey; a value that is itself a text is given per language. */
  params?: NotificationTextParams;
  referenceType?: ReferenceType | null;
  referenceId?: number | null;
  data?: NotificationData;
}

export interface NotifyOptions {
  /** The user asked for this one (test button, POST /notifications): write it whatever the settings. */
  ignoreSettings?: boolean;
  /** The recipient's language and settings, when the caller read them in this transaction already. */
  recipient?: { language: Language; settings: NotificationSettings };
  /** Other real-time events of the same change, pushed with this one in one statement. */
  alsoPublish?: readonly PushPayload[];
}

/** One notification for notifyMany: whom, what, and how (as notify takes them). */
export interface NotifyRequest {
  userId: number;
  input: NotifyInput;
  options?: NotifyOptions;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** What the notifications' routes are given (src/app.ts). */
export interface NotificationsDeps {
  service: NotificationService;
}

const notificationNotFound = () => notFound('NOT_FOUND', localizedText('notifications:notFound'));

/** The rules of notifications; every read and write is scoped to one user. */
export class NotificationService {
  constructor(
    private readonly database: Database,
    /** Every node's sockets hear of a change once its transaction commits (realtime/fan-out.ts). */
    private readonly push: RealtimePush,
  ) {}

  /**
   * Writes a notification for `userId` inside the caller's transaction, in the user's language and
   * only if their settings allow its type; it reaches their sockets once that transaction commits.
   * Answers the stored notification, or null when nothing was written.
   */
  async notify(
    tx: Tx,
    userId: number,
    input: NotifyInput,
    options: NotifyOptions = {},
  ): Promise<Notification | null> {
    const [notification] = await this.notifyMany(tx, [{ userId, input, options }]);
    return notification ?? null;
  }

  /**
   * notify for several notifications at once (a delivery batch, issue 13): the rows go in one
   * statement and their pushes in another, whatever their number. Answers each request's
   * notification, in order, null where nothing was written (its `alsoPublish` then is not sent).
   */
  async notifyMany(tx: Tx, requests: readonly NotifyRequest[]): Promise<(Notification | null)[]> {
    const rows: ({ row: repo.NewNotificationRow; language: Language } | null)[] = [];
    for (const { userId, input, options = {} } of requests)
      rows.push(await this.render(tx, userId, input, options));
    const written = rows.filter((row) => row !== null);
    const inserted = await repo.insertNotifications(
      tx,
      written.map(({ row }) => row),
    );
    // Pushed in the recipient's language, which is the one their app shows (issue 34).
    const stored = inserted.map((row, i) => presentNotification(row, written[i]!.language));
    const notifications = rows.map((row) => (row ? stored.shift()! : null));
    const events = requests.flatMap(({ userId, options }, i) => {
      const notification = notifications[i];
      if (!notification) return [];
      return [...(options?.alsoPublish ?? []), this.push.notification(userId, notification)];
    });
    await this.push.publish(tx, events);
    return notifications;
  }

  /**
   * The row notify writes: the keys and parameters, and the text as first written in the user's
   * language; null when their settings turned it off.
   */
  private async render(
    tx: Tx,
    userId: number,
    input: NotifyInput,
    options: NotifyOptions,
  ): Promise<{ row: repo.NewNotificationRow; language: Language } | null> {
    const known = options.recipient;
    const language = known ? known.language : await repo.findUserLanguage(tx, userId);
    if (!language) return null;
    if (!options.ignoreSettings) {
      const settings = known ? known.settings : await this.settingsOf(userId, tx);
      if (!isNotificationTypeEnabled(settings, input.type)) return null;
    }
    const texts = {
      type: input.type,
      title: input.title ?? '',
      content: input.content ?? '',
      titleKey: input.title === undefined ? (input.titleKey ?? null) : null,
      contentKey: input.content === undefined ? (input.contentKey ?? null) : null,
      textParams: input.params ?? {},
    };
    const { title, content } = notificationTexts(texts, language);
    const row = {
      ...texts,
      userId,
      title,
      content,
      referenceType: input.referenceType ?? null,
      referenceId: input.referenceId ?? null,
      data: input.data ?? {},
    };
    return { row, language };
  }

  /** The page in `lang`, the reader's language (else the account's). */
  async list(
    userId: number,
    query: { page: number; size: number; isRead?: boolean | undefined },
    lang: Language | undefined,
  ): Promise<Page<Notification>> {
    const { rows, total } = await repo.listNotifications(this.database.db, userId, query);
    const language = lang ?? (await this.accountLanguage(userId));
    return makePage(
      rows.map((row) => presentNotification(row, language)),
      query.page,
      query.size,
      total,
    );
  }

  /** One notification in `lang`; without it, in the account's language (a push read back by id). */
  async get(userId: number, id: number, lang?: Language): Promise<Notification> {
    const row = await repo.findNotification(this.database.db, userId, id);
    if (!row) throw notificationNotFound();
    return presentNotification(row, lang ?? (await this.accountLanguage(userId)));
  }

  private async accountLanguage(userId: number): Promise<Language> {
    return (await repo.findUserLanguage(this.database.db, userId)) ?? DEFAULT_LANGUAGE;
  }

  unreadCount(userId: number, db: Queryable = this.database.db): Promise<number> {
    return repo.countUnread(db, userId);
  }

  /** POST /notifications: the user writes one for themselves, so their settings do not hold it back. */
  async create(
    userId: number,
    body: CreateNotificationRequest,
    lang: Language | undefined,
  ): Promise<Notification> {
    const { type, title, content } = body;
    const row = { userId, type, title, content, referenceType: body.referenceType ?? null };
    const language = lang ?? (await this.accountLanguage(userId));
    return this.database.transaction(async (tx) => {
      const [stored] = await repo.insertNotifications(tx, [
        { ...row, referenceId: body.referenceId ?? null, data: body.data ?? {} },
      ]);
      const notification = presentNotification(stored!, language);
      await this.push.publish(tx, [this.push.notification(userId, notification)]);
      return notification;
    });
  }

  async update(
    userId: number,
    id: number,
    patch: UpdateNotificationRequest,
    lang: Language | undefined,
  ): Promise<Notification> {
    // Words the user writes replace the server's text in every language.
    const keys = {
      ...(patch.title !== undefined ? { titleKey: null } : {}),
      ...(patch.content !== undefined ? { contentKey: null } : {}),
    };
    const row = await this.database.transaction((tx) =>
      repo.updateNotification(tx, userId, id, { ...patch, ...keys }),
    );
    if (!row) throw notificationNotFound();
    return presentNotification(row, lang ?? (await this.accountLanguage(userId)));
  }

  async remove(userId: number, id: number): Promise<void> {
    const deleted = await this.database.transaction((tx) => repo.deleteNotifications(tx, userId, [id]));
    if (deleted === 0) throw notificationNotFound();
  }

  async setRead(
    userId: number,
    id: number,
    isRead: boolean,
    lang: Language | undefined,
  ): Promise<Notification> {
    const language = lang ?? (await this.accountLanguage(userId));
    const notification = await this.database.transaction(async (tx) => {
      const row = await repo.setRead(tx, userId, id, isRead);
      if (!row) return null;
      const presented = presentNotification(row, language);
      // Every open tab and device follows: read ones drop from the badge, unread ones come back.
      if (isRead) await this.announceRead(tx, userId, [id], false);
      else await this.push.publish(tx, [this.push.notification(userId, presented)]);
      return presented;
    });
    if (!notification) throw notificationNotFound();
    return notification;
  }

  markRead(userId: number, ids: number[]): Promise<number> {
    return this.database.transaction(async (tx) => {
      const changed = await repo.markRead(tx, userId, ids);
      await this.announceRead(tx, userId, changed, false);
      return changed.length;
    });
  }

  markAllRead(userId: number): Promise<number> {
    return this.database.transaction(async (tx) => {
      const changed = await repo.markRead(tx, userId);
      await this.announceRead(tx, userId, changed, true);
      return changed.length;
    });
  }

  /**
   * Reading a mail reads its new-mail notification (issue 10): called in the transaction that marks
   * the messages read, so the badge of every tab drops exactly when the mail is read.
   */
  async markReadForMessages(tx: Tx, userId: number, messageIds: number[]): Promise<void> {
    const changed = await repo.markReadForMessages(tx, userId, messageIds);
    await this.announceRead(tx, userId, changed, false);
  }

  removeMany(userId: number, ids: number[]): Promise<number> {
    return this.database.transaction((tx) => repo.deleteNotifications(tx, userId, ids));
  }

  /** Deletes every notification, read or not, created more than `daysOld` days ago. */
  cleanup(userId: number, daysOld: number, now = new Date()): Promise<number> {
    const cutoff = new Date(now.getTime() - daysOld * DAY_MS);
    return this.database.transaction((tx) => repo.deleteOlderThan(tx, userId, cutoff));
  }

  async settingsOf(userId: number, db: Queryable = this.database.db): Promise<NotificationSettings> {
    const row = await repo.findSettings(db, userId);
    return presentSettings(row);
  }

  /** Only the fields sent change; the rest keep their stored value or the default. */
  updateSettings(userId: number, patch: NotificationSettingsUpdate): Promise<NotificationSettings> {
    return this.database.transaction(async (tx) => {
      const current = await this.settingsOf(userId, tx);
      const defined = Object.fromEntries(Object.entries(patch).filter(([, v]) => v !== undefined));
      const row = await repo.saveSettings(tx, { userId, ...current, ...defined });
      return presentSettings(row);
    });
  }

  /** The test button (REST and STOMP /app/test): a SYSTEM notification that always arrives. */
  sendTest(userId: number, body: NotificationTestRequest): Promise<Notification | null> {
    return this.database.transaction((tx) =>
      this.notify(
        tx,
        userId,
        {
          type: 'SYSTEM',
          ...(body.title ? { title: body.title } : { titleKey: 'testTitle' }),
          ...(body.content ? { content: body.content } : { contentKey: 'testContent' }),
          referenceType: 'SYSTEM',
          data: { test: true },
        },
        { ignoreSettings: true },
      ),
    );
  }

  private async announceRead(tx: Tx, userId: number, ids: number[], all: boolean): Promise<void> {
    if (ids.length === 0) return;
    const unreadCount = await repo.countUnread(tx, userId);
    const read = { ids, all, readAt: new Date().toISOString(), unreadCount };
    await this.push.publish(tx, [this.push.notificationsRead(userId, read)]);
  }
}
