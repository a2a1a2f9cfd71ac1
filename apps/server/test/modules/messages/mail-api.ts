import { foldFolderCounts } from '../../../src/modules/folders/counts.js';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { sql } from 'drizzle-orm';
import type { TestContext, SignedIn } from '../../helpers/test-app.js';

/** Calls the API as a signed-in user, in Korean unless another language is asked for. */
export interface MailApi {
  call(
    method: InjectOptions['method'],
    url: string,
    payload?: unknown,
    lang?: 'ko' | 'en',
  ): Promise<LightMyRequestResponse>;
  /** The data of a successful answer; fails the test with the body otherwise. */
  data<T = any>(method: InjectOptions['method'], url: string, payload?: unknown): Promise<T>; // eslint-disable-line @typescript-eslint/no-explicit-any -- JSON answers are checked by assertions
}

export function mailApi(ctx: TestContext, user: SignedIn): MailApi {
  const call: MailApi['call'] = (method, url, payload, lang = 'ko') =>
    ctx.app.inject({
      method,
      url: `/api/v1${url}`,
      headers: { ...user.headers, 'accept-language': lang },
      ...(payload === undefined ? {} : { payload: payload as InjectOptions['payload'] }),
    });
  return {
    call,
    async data(method, url, payload) {
      const res = await call(method, url, payload);
      if (res.statusCode !== 200) throw new Error(`${method} ${url}: ${res.statusCode} ${res.body}`);
      return res.json().data;
    },
  };
}

/** The user's folders by type (system ones), from GET /mailboxes. */
export async function foldersByType(
  api: MailApi,
): Promise<Record<string, { id: number; totalCount: number; unreadCount: number }>> {
  const list = await api.data<
    Array<{ id: number; type: string; totalCount: number; unreadCount: number; children: unknown[] }>
  >('GET', '/mailboxes');
  return Object.fromEntries(list.filter((m) => m.type !== 'CUSTOM').map((m) => [m.type, m]));
}

/** The counts kept in the mailbox rows must equal what the messages table holds. */
export async function countsMatchRows(ctx: TestContext, userId: number): Promise<void> {
  await foldFolderCounts(ctx.db.database.db);
  const result = await ctx.db.database.db.execute(sql`
    SELECT b.id, b.total_count, b.unread_count,
      (SELECT count(*)::int FROM messages m WHERE m.mailbox_id = b.id) AS total,
      (SELECT count(*)::int FROM messages m WHERE m.mailbox_id = b.id AND NOT m.is_read) AS unread
    FROM mailboxes b WHERE b.user_id = ${userId}`);
  for (const row of (result as unknown as { rows: Record<string, number>[] }).rows) {
    if (Number(row.total_count) !== Number(row.total) || Number(row.unread_count) !== Number(row.unread)) {
      throw new Error(
        `mailbox ${row.id}: kept ${row.total_count}/${row.unread_count}, actual ${row.total}/${row.unread}`,
      );
    }
  }
}

export function sendBody(
  to: string[],
  subject: string,
  bodyText: string,
  extra: Record<string, unknown> = {},
) {
  return { toAddresses: to, subject, bodyText, ...extra };
}

/** Uploads one file as the compose screen does (multipart field "file"); answers its attachment id. */
export async function uploadFile(
  ctx: TestContext,
  user: SignedIn,
  filename: string,
  content: string,
): Promise<number> {
  const boundary = 'postline-messages-test-boundary';
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: text/plain\r\n\r\n`,
    ),
    Buffer.from(content),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/v1/attachments/upload',
    headers: { ...user.headers, 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload: body,
  });
  if (res.statusCode !== 200) throw new Error(`upload failed: ${res.statusCode} ${res.body}`);
  return res.json().data.id as number;
}

/**
 * Mail sent to one user through the API and remembered by subject: the search tests' fixture.
 * `findPath` is the list that shows the new message to its recipient (with size=100).
 */
export class MailBySubject {
  readonly ids: Record<string, number> = {};

  constructor(
    private readonly ctx: TestContext,
    private readonly recipient: MailApi,
    private readonly recipientAddress: string,
    private readonly findPath: string,
  ) {}

  async deliver(from: SignedIn, subject: string, bodyText: string, extra: Record<string, unknown> = {}) {
    await mailApi(this.ctx, from).data(
      'POST',
      '/messages',
      sendBody([this.recipientAddress], subject, bodyText, extra),
    );
    const page = await this.recipient.data<{ content: Array<{ id: number; subject: string }> }>(
      'GET',
      this.findPath,
    );
    this.ids[subject] = page.content.find((m) => m.subject === subject)!.id;
  }

  /** Moves a message's arrival time: search by date needs mail from other days. */
  async receivedAt(subject: string, at: Date) {
    await this.ctx.db.database.db.execute(
      sql`UPDATE messages SET received_at = ${at.toISOString()} WHERE id = ${this.ids[subject]}`,
    );
  }
}
