import { describe, expect, it } from 'vitest';
import { readSenderTrace } from '../../../src/mail/format/sender-trace.js';
import { parseIncoming } from '../../../src/mail/format/incoming-mime.js';

const raw = (from: string) =>
  Buffer.from(
    `Received: from relay.partner.example by mx.partner.example; Mon, 2 Jun 2025 09:00:00 +0000\r\n` +
      `From: ${from}\r\nTo: jun@postline.local\r\nSubject: trace\r\n\r\nbody\r\n`,
  );

describe('the authenticate step', () => {
  it("records the envelope, the From domain and the Received chain, this hop's line first", async () => {
    const bytes = raw('Partner <sales@Partner.example>');
    const mail = await parseIncoming(bytes, bytes.length, {
      returnPath: 'bounces@partner.example',
      received: 'from mx.partner.example (192.0.2.1) by postline',
    });
    const trace = readSenderTrace(mail);
    expect(trace).toMatchObject({
      envelopeSender: 'bounces@partner.example',
      envelopeDomain: 'partner.example',
      fromDomain: 'partner.example',
      domainsMatch: true,
    });
    expect(trace.received).toHaveLength(2);
    expect(trace.received[0]).toContain('by postline');
  });

  it('claims nothing about a bounce, whose envelope sender is empty', async () => {
    const bytes = raw('MAILER-DAEMON@partner.example');
    const mail = await parseIncoming(bytes, bytes.length, { returnPath: '', received: 'from x by postline' });
    expect(readSenderTrace(mail)).toMatchObject({
      envelopeSender: '',
      envelopeDomain: null,
      domainsMatch: null,
    });
  });
});
