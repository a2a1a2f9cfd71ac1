import { AUTO_REPLY_TEMPLATE_PREFIX } from '@postline/shared/filters';
import type { AutoReply } from '../../../mail/pipeline/ports.js';
import type { PlannedAction } from './evaluate.js';

export type Destination =
  | { kind: 'inbox' }
  | { kind: 'folder'; mailboxId: string }
  | { kind: 'trash' }
  | { kind: 'spam' }
  | { kind: 'archive' };

/** What delivery does with a message once every planned action is folded together. */
export interface MessageDisposition {
  destination: Destination;
  /** null: leave as delivered. */
  read: boolean | null;
  starred: boolean | null;
  labels: string[];
  forwardTo: string[];
  /** At most one reply per message, the first planned (RFC 3834 rules are the sender's job). */
  autoReply: AutoReply | null;
  notSpam: boolean;
}

/**
 * Actions are setters applied in order, so the last one touching a property wins: a later
 * MOVE_TO_FOLDER overrides an earlier DELETE, as the list order on the screen says. NOT_SPAM
 * undoes an earlier MARK_SPAM. Forwards and labels accumulate without duplicates.
 */
export function summarizePlan(actions: readonly PlannedAction[]): MessageDisposition {
  const d: MessageDisposition = {
    destination: { kind: 'inbox' },
    read: null,
    starred: null,
    labels: [],
    forwardTo: [],
    autoReply: null,
    notSpam: false,
  };
  for (const a of actions) {
    const value = a.actionValue ?? '';
    switch (a.actionType) {
      case 'MOVE_TO_FOLDER':
        if (value) d.destination = { kind: 'folder', mailboxId: value };
        break;
      case 'DELETE':
        d.destination = { kind: 'trash' };
        break;
      case 'MARK_SPAM':
        d.destination = { kind: 'spam' };
        d.notSpam = false;
        break;
      case 'NOT_SPAM':
        if (d.destination.kind === 'spam') d.destination = { kind: 'inbox' };
        d.notSpam = true;
        break;
      case 'SKIP_INBOX':
        d.destination = { kind: 'archive' };
        break;
      case 'MARK_READ':
      case 'MARK_AS_READ':
        d.read = true;
        break;
      case 'MARK_UNREAD':
        d.read = false;
        break;
      case 'MARK_STARRED':
      case 'MARK_AS_STARRED':
        d.starred = true;
        break;
      case 'UNSTAR':
        d.starred = false;
        break;
      case 'ADD_LABEL':
        if (value && !d.labels.includes(value)) d.labels.push(value);
        break;
      case 'FORWARD':
        if (value && !d.forwardTo.some((t) => t.toLowerCase() === value.toLowerCase()))
          d.forwardTo.push(value);
        break;
      case 'AUTO_REPLY':
        if (!d.autoReply && value) {
          d.autoReply = value.startsWith(AUTO_REPLY_TEMPLATE_PREFIX)
            ? { kind: 'template', templateId: value.slice(AUTO_REPLY_TEMPLATE_PREFIX.length) }
            : { kind: 'text', text: value };
        }
        break;
      case 'STOP_PROCESSING':
        break;
    }
  }
  return d;
}
