import { sql } from 'drizzle-orm';
import { formatMailDateTime } from '@postline/shared/mail-dates';
import type { Tx } from '../../db/client.js';
import type { AddressEntry } from '../../db/schema/mail.js';
import { serverText } from '../../lib/i18n.js';
import {
  mayAutoSendTo,
  prefixed,
  sendAutomatic as send,
  threadOf,
} from '../../mail/pipeline/automatic-mail.js';
import type { AutoReply, DeliveryDeps, FilterSender } from '../../mail/pipeline/ports.js';
import {
  fillSenderVariablesInHtml,
  fillSenderVariablesInText,
  senderVariables,
} from '../../mail/format/sender-variables.js';
import { findVisibleTemplateBody } from '../templates/index.js';
import { queryRows } from '../../db/rows.js';

/*
 * FORWARD and AUTO_REPLY send real mail through the one send path, mail/pipeline/dispatch.ts (DESIGN.md 5):
 * composed once, queued in the outbox for other domains, delivered straight to users of this server. Loop
 * protection per RFC 3834: never in answer to auto-generated mail (the caller checks), marked
 * Auto-Submitted so no one answers it in turn, never to the user's own address or a mailer daemon,
 * and an auto reply at most once a day per sender (auto_reply_log).
 */

function userAddress(user: FilterSender['user']): AddressEntry {
  return { address: user.email, name: user.name || null };
}

/** FORWARD: the original as it arrived, its sender kept in Reply-To, 'Fwd: ' before the subject. */
export async function sendFilterForward(deps: DeliveryDeps, sender: FilterSender, to: string): Promise<void> {
  const { user, mail } = sender;
  if (!mayAutoSendTo(to, user)) {
    deps.logger.warn({ userId: user.id, to }, 'filter forward refused: own address or mailer daemon');
    return;
  }
  const label = (field: 'header' | 'from' | 'date' | 'subject' | 'to') =>
    serverText(user.language, `filters:forwarded.${field}`);
  const from = mail.from.name ? `${mail.from.name} <${mail.from.address}>` : mail.from.address;
  const toText = mail.to.map((e) => e.address).join(', ');
  const head = [
    label('header'),
    `${label('from')}: ${from}`,
    `${label('date')}: ${formatMailDateTime(mail.date ?? new Date(), user.language)}`,
    `${label('subject')}: ${mail.subject}`,
    `${label('to')}: ${toText}`,
  ];
  const escape = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  await send(deps, user.id, {
    mailDomain: deps.mailDomain,
    from: userAddress(user),
    to: [{ address: to.trim(), name: null }],
    cc: [],
    bcc: [],
    subject: prefixed(/^fwd?:/i, 'Fwd:', mail.subject),
    text: `${head.join('\n')}\n\n${mail.text}`,
    html: mail.html ? `<p>${head.map(escape).join('<br>')}</p>${mail.html}` : null,
    ...threadOf(mail),
    importance: mail.importance,
    attachments: mail.attachments,
    replyTo: mail.from.address || null,
    headers: { 'Auto-Submitted': 'auto-forwarded', 'X-Auto-Response-Suppress': 'All' },
  });
}

/** The date an auto reply counts against: the UTC day. */
function claimDay(userId: number, sender: string) {
  return async (tx: Tx): Promise<boolean> => {
    const claimed = await queryRows(
      tx,
      sql`
      INSERT INTO auto_reply_log (user_id, sender, sent_on)
      VALUES (${userId}, ${sender}, (now() AT TIME ZONE 'UTC')::date)
      ON CONFLICT DO NOTHING
      RETURNING 1 AS claimed`,
    );
    return claimed.length > 0;
  };
}

async function replyContent(deps: DeliveryDeps, userId: number, reply: AutoReply) {
  if (reply.kind === 'text') return { text: reply.text, html: null };
  const id = /^\d{1,9}$/.test(reply.templateId) ? Number(reply.templateId) : NaN;
  const template = Number.isFinite(id)
    ? await findVisibleTemplateBody(deps.database.db, userId, id)
    : undefined;
  if (!template || !template.isActive) return null;
  return { text: template.bodyText, html: template.bodyHtml };
}

/** AUTO_REPLY: to the sender, once a UTC day per sender; answers whether a reply went out. */
export async function sendFilterAutoReply(
  deps: DeliveryDeps,
  sender: FilterSender,
  reply: AutoReply,
): Promise<boolean> {
  const { user, mail } = sender;
  const to = mail.from.address.trim();
  if (!mayAutoSendTo(to, user)) {
    deps.logger.warn({ userId: user.id, to }, 'auto reply refused: own address, mailer daemon or no sender');
    return false;
  }
  const found = await replyContent(deps, user.id, reply);
  if (!found) {
    deps.logger.warn({ userId: user.id, reply }, 'auto reply template not found; nothing sent');
    return false;
  }
  // A template's {{senderName}} is the user; its {{recipientName}} the person being answered.
  const values = senderVariables(user, { recipientName: mail.from.name?.trim() || to });
  const content = {
    text: fillSenderVariablesInText(found.text, values),
    html: found.html ? fillSenderVariablesInHtml(found.html, values) : null,
  };
  return send(
    deps,
    user.id,
    {
      mailDomain: deps.mailDomain,
      from: userAddress(user),
      to: [{ address: to, name: mail.from.name ?? null }],
      cc: [],
      bcc: [],
      subject: prefixed(/^auto:/i, 'Auto:', mail.subject),
      text: content.text,
      html: content.html,
      ...threadOf(mail),
      importance: 'NORMAL',
      attachments: [],
      headers: { 'Auto-Submitted': 'auto-replied', 'X-Auto-Response-Suppress': 'All' },
    },
    claimDay(user.id, to.toLowerCase()),
  );
}
