import { describe, expect, it } from 'vitest';
import { replyRecipients, type ReplyOriginal } from '../src/reply-rules.js';

const received: ReplyOriginal = {
  mailboxType: 'INBOX',
  fromAddress: 'minji@example.com',
  replyTo: null,
  toAddresses: ['me@example.com', 'jun@example.com'],
  ccAddresses: ['sam@example.com', 'ME@example.com'],
};

describe('who a reply goes to', () => {
  it('answers the sender, or everyone but me for reply all', () => {
    expect(replyRecipients(received, 'me@example.com', false)).toEqual({ to: ['minji@example.com'], cc: [] });
    expect(replyRecipients(received, 'me@example.com', true)).toEqual({
      to: ['minji@example.com', 'jun@example.com'],
      cc: ['sam@example.com'],
    });
  });

  it('follows Reply-To, and answers my own sent mail to its recipients', () => {
    expect(
      replyRecipients({ ...received, replyTo: 'List <list@example.com>' }, 'me@example.com', false),
    ).toEqual({
      to: ['list@example.com'],
      cc: [],
    });
    const sent = { ...received, mailboxType: 'SENT', fromAddress: 'me@example.com', ccAddresses: [] };
    expect(replyRecipients(sent, 'me@example.com', false).to).toEqual(['jun@example.com']);
  });
});
