import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import iconv from 'iconv-lite';
import { composeOutgoing } from '../../../src/mail/format/outgoing-mime.js';
import { parseIncoming } from '../../../src/mail/format/incoming-mime.js';
import { parseWithoutMime } from '../../../src/mail/format/incoming-headers.js';
import { encodedWord, eucKr, iso2022Kr } from '../helpers/legacy-korean.js';

function headerBlock(raw: Buffer): string {
  const text = raw.toString('latin1');
  return text.slice(0, text.indexOf('\r\n\r\n'));
}

const base = {
  from: { address: 'minji@postline.local', name: '김민지' },
  to: [{ address: 'jun@example.com', name: '이준' }],
  cc: [{ address: 'team@example.com' }],
  bcc: [{ address: 'hidden@example.com', name: '숨은 사람' }],
  subject: '회의 일정 안내: 다음 주 월요일 오전 10시',
  text: '안녕하세요,\n회의는 10시입니다.\n.\n마침표 한 줄도 그대로.',
  importance: 'NORMAL' as const,
  attachments: [],
  mailDomain: 'postline.local',
};

describe('composeOutgoing', () => {
  it('encodes Korean subjects and names per RFC 2047 and keeps every header 7-bit', async () => {
    const { raw } = await composeOutgoing({ ...base, mailDomain: 'mail.example.kr' });
    const headers = headerBlock(raw);
    expect(headers).toMatch(/^Subject: =\?UTF-8\?[BQ]\?/m);
    expect(headers).toMatch(/^From: =\?UTF-8\?[BQ]\?[^?]+\?= <minji@postline\.local>/m);
    expect(headers).toMatch(/^To: =\?UTF-8\?[BQ]\?[^?]+\?= <jun@example\.com>/m);
    expect(/[\u0080-\uffff]/.test(headers)).toBe(false);
    const parsed = await parseIncoming(raw, raw.length);
    expect(parsed.subject).toBe(base.subject);
    expect(parsed.from).toEqual({ address: 'minji@postline.local', name: '김민지' });
    expect(parsed.to).toEqual([{ address: 'jun@example.com', name: '이준' }]);
    expect(parsed.text.trim()).toBe(base.text);
  });

  it('sets a Message-ID on the mail domain, In-Reply-To and References, and never writes Bcc', async () => {
    const { raw, messageIdHeader, date } = await composeOutgoing({
      ...base,
      mailDomain: 'mail.example.kr',
      inReplyTo: '<parent@example.com>',
      references: ['<root@example.com>', '<parent@example.com>'],
    });
    expect(messageIdHeader).toMatch(/^<[^@<>\s]+@mail\.example\.kr>$/);
    const headers = headerBlock(raw);
    expect(headers).toContain(`Message-ID: ${messageIdHeader}`);
    expect(headers).toMatch(/^In-Reply-To: <parent@example\.com>$/m);
    expect(headers).toMatch(/^References: <root@example\.com> <parent@example\.com>$/m);
    expect(headers).toMatch(/^Date: /m);
    expect(date).toBeInstanceOf(Date);
    expect(raw.toString('latin1')).not.toMatch(/hidden@example\.com|^Bcc:/im);
    const two = await composeOutgoing({ ...base, mailDomain: 'mail.example.kr' });
    expect(two.messageIdHeader).not.toBe(messageIdHeader);
  });

  it('writes Importance and X-Priority for urgent and unimportant mail', async () => {
    const high = headerBlock((await composeOutgoing({ ...base, importance: 'HIGH' })).raw);
    expect(high).toMatch(/^Importance: high$/m);
    expect(high).toMatch(/^X-Priority: 1 \(Highest\)$/m);
    const low = await composeOutgoing({ ...base, importance: 'LOW' });
    expect(headerBlock(low.raw)).toMatch(/^X-Priority: 5 \(Lowest\)$/m);
    expect((await parseIncoming(low.raw, low.raw.length)).importance).toBe('LOW');
    expect(headerBlock((await composeOutgoing(base)).raw)).not.toMatch(/^X-Priority/m);
  });

  it('adds attachments as MIME parts with RFC 2231 file names, and inline images by Content-ID', async () => {
    const pdf = Buffer.from('%PDF-1.4\n회의록 내용');
    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]);
    const { raw } = await composeOutgoing({
      ...base,
      html: '<p>로고: <img src="cid:logo@postline"></p>',
      attachments: [
        { filename: '회의록 최종본.pdf', contentType: 'application/pdf', content: pdf, isInline: false },
        {
          filename: 'logo.png',
          contentType: 'image/png',
          content: png,
          contentId: 'logo@postline',
          isInline: true,
        },
      ],
    });
    const text = raw.toString('latin1');
    expect(text).toMatch(/filename\*0\*=utf-8''%ED%9A%8C%EC%9D%98/);
    expect(text).toContain('Content-ID: <logo@postline>');
    const parsed = await parseIncoming(raw, raw.length);
    const file = parsed.attachments.find((a) => !a.isInline);
    expect(file).toMatchObject({ filename: '회의록 최종본.pdf', contentType: 'application/pdf' });
    expect(file?.content.equals(pdf)).toBe(true);
    const inline = parsed.attachments.find((a) => a.isInline);
    expect(inline).toMatchObject({ filename: 'logo.png', contentId: 'logo@postline' });
    expect(parsed.html).toContain('cid:logo@postline');
  });
});

describe('parseIncoming', () => {
  it('decodes EUC-KR headers and an 8-bit EUC-KR body', async () => {
    const raw = Buffer.concat([
      Buffer.from(
        `From: ${encodedWord('EUC-KR', eucKr('박서준'))} <seojun@partner.co.kr>\r\n` +
          `To: jun@postline.local\r\nSubject: ${encodedWord('EUC-KR', eucKr('견적서 송부의 건'))}\r\n` +
          'Message-ID: <legacy-1@partner.co.kr>\r\nContent-Type: text/plain; charset=euc-kr\r\n' +
          'Content-Transfer-Encoding: 8bit\r\n\r\n',
      ),
      eucKr('안녕하십니까.\r\n요청하신 견적서를 보내 드립니다.\r\n'),
    ]);
    const mail = await parseIncoming(raw, raw.length);
    expect(mail.subject).toBe('견적서 송부의 건');
    expect(mail.from).toEqual({ address: 'seojun@partner.co.kr', name: '박서준' });
    expect(mail.text).toContain('요청하신 견적서를 보내 드립니다.');
    expect(mail.messageIdHeader).toBe('<legacy-1@partner.co.kr>');
  });

  it('decodes CP949 letters outside EUC-KR under the ks_c_5601-1987 label', async () => {
    const raw = Buffer.concat([
      Buffer.from(
        'From: a@b.kr\r\nSubject: cp949\r\nContent-Type: text/plain; charset=ks_c_5601-1987\r\n\r\n',
      ),
      iconv.encode('똠방각하 펲시콜라', 'cp949'),
    ]);
    expect((await parseIncoming(raw, raw.length)).text.trim()).toBe('똠방각하 펲시콜라');
  });

  it('decodes ISO-2022-KR subjects and bodies, which iconv-lite does not know', async () => {
    const raw = Buffer.concat([
      Buffer.from(
        `From: ${encodedWord('ISO-2022-KR', iso2022Kr('최지우'))} <jiwoo@old.co.kr>\r\n` +
          `Subject: ${encodedWord('ISO-2022-KR', iso2022Kr('주간 보고서 제출'))}\r\n` +
          'Content-Type: text/plain; charset=ISO-2022-KR\r\nContent-Transfer-Encoding: 7bit\r\n\r\n',
      ),
      iso2022Kr('이번 주 보고서입니다.\r\nABC 프로젝트 진행률 80%\r\n'),
    ]);
    const mail = await parseIncoming(raw, raw.length);
    expect(mail.subject).toBe('주간 보고서 제출');
    expect(mail.from.name).toBe('최지우');
    expect(mail.text).toBe('이번 주 보고서입니다.\nABC 프로젝트 진행률 80%\n');
  });

  it('reads importance from Importance or X-Priority', async () => {
    const parse = (headers: string) => parseIncoming(Buffer.from(`${headers}From: a@b.c\r\n\r\nbody`), 10);
    expect(await parse('X-Priority: 1 (Highest)\r\n')).toMatchObject({ importance: 'HIGH', priority: 1 });
    expect(await parse('X-Priority: 2\r\n')).toMatchObject({ importance: 'HIGH', priority: 2 });
    expect(await parse('Importance: Low\r\n')).toMatchObject({ importance: 'LOW', priority: 5 });
    expect(await parse('')).toMatchObject({ importance: 'NORMAL', priority: 3 });
  });

  it('flags mail no auto reply may answer (RFC 3834), and only that', async () => {
    const auto = async (headers: string) =>
      (await parseIncoming(Buffer.from(`${headers}Subject: x\r\n\r\nbody`), 10)).isAutoGenerated;
    expect(await auto('From: a@b.c\r\nAuto-Submitted: auto-replied\r\n')).toBe(true);
    expect(await auto('From: a@b.c\r\nAuto-Submitted: no\r\n')).toBe(false);
    expect(await auto('From: a@b.c\r\nPrecedence: bulk\r\n')).toBe(true);
    expect(await auto('From: a@b.c\r\nPrecedence: list\r\n')).toBe(true);
    expect(await auto('From: a@b.c\r\nReturn-Path: <>\r\n')).toBe(true);
    expect(await auto('From: MAILER-DAEMON@mx.example.com\r\n')).toBe(true);
    expect(await auto('From: a@b.c\r\nReturn-Path: <mailer-daemon@mx.example.com>\r\n')).toBe(true);
    expect(await auto('From: a@b.c\r\nReturn-Path: <a@b.c>\r\n')).toBe(false);
    const list = await parseIncoming(
      Buffer.from('From: a@b.c\r\nList-Id: Dev team <dev.lists.example.com>\r\n\r\nhi'),
      10,
    );
    expect(list).toMatchObject({ isAutoGenerated: true, listId: 'dev.lists.example.com' });
  });

  it('keeps what it can of broken MIME: a missing closing boundary and bad base64 do not lose the text', async () => {
    const raw = Buffer.from(
      'From: x@y.z\r\nSubject: broken one\r\nContent-Type: multipart/mixed; boundary="BB"\r\n\r\n' +
        '--BB\r\nContent-Type: text/plain; charset=utf-8\r\n\r\n본문은 살아 있어야 합니다\r\n' +
        '--BB\r\nContent-Type: application/octet-stream\r\nContent-Transfer-Encoding: base64\r\n' +
        'Content-Disposition: attachment; filename=a.bin\r\n\r\n!!!not base64$$$===\r\nQUJD\r\n',
    );
    const mail = await parseIncoming(raw, raw.length);
    expect(mail.subject).toBe('broken one');
    expect(mail.text).toContain('본문은 살아 있어야 합니다');
  });

  it('stores text that is not a message at all as the body instead of failing', async () => {
    const prose = Buffer.from('just some text\nwithout headers\n\nand a paragraph');
    expect((await parseIncoming(prose, prose.length)).text).toBe(prose.toString());
    const raw = Buffer.from([0x00, 0x01, 0xff, 0xfe, 0x20, 0x67, 0x61, 0x72, 0x62, 0x61, 0x67, 0x65]);
    const mail = await parseIncoming(raw, raw.length);
    expect(mail.text).toContain('garbage');
    expect(mail.messageIdHeader).toMatch(/^<.+@.+>$/);
  });

  it('falls back to a hand scan of the headers when MIME parsing is impossible', () => {
    const raw = Buffer.from(
      'Subject: =?UTF-8?B?7ZqM7J2Y?=\r\nFrom: "Kim" <kim@x.kr>\r\nMessage-ID: <m1@x.kr>\r\n\r\nbody',
    );
    const mail = parseWithoutMime(raw, raw.length, '<generated@x>');
    expect(mail).toMatchObject({
      subject: '회의',
      from: { address: 'kim@x.kr', name: 'Kim' },
      messageIdHeader: '<m1@x.kr>',
    });
    expect(mail.text).toBe(raw.toString());
  });

  it('reads a stream as well as a buffer', async () => {
    const mail = await parseIncoming(
      Readable.from([Buffer.from('From: a@b.c\r\nSubject: 스트림\r\n\r\n내용')]),
      30,
    );
    expect(mail).toMatchObject({ subject: '스트림', text: '내용', sizeBytes: 30 });
  });

  it('keeps every byte of a large attachment and the text around it, whichever 64 kB slice a line falls in', async () => {
    let seed = 7;
    const file = Buffer.from(
      Array.from(
        { length: 3 * 1024 * 1024 + 17 },
        () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) % 256,
      ),
    );
    const raw = Buffer.from(
      'From: a@example.com\r\nSubject: 대용량 첨부\r\nMIME-Version: 1.0\r\n' +
        'Content-Type: multipart/mixed; boundary="b"\r\n\r\n--b\r\nContent-Type: text/plain; charset=utf-8\r\n\r\n' +
        '자료 보냅니다.\r\n--b\r\nContent-Type: application/octet-stream; name="data.bin"\r\n' +
        'Content-Transfer-Encoding: base64\r\n\r\n' +
        `${file.toString('base64').replace(/.{76}/g, '$&\r\n')}\r\n--b--\r\n`,
    );
    const mail = await parseIncoming(raw, raw.length);
    expect(mail).toMatchObject({ subject: '대용량 첨부', text: '자료 보냅니다.' });
    expect(mail.attachments).toHaveLength(1);
    expect(mail.attachments[0]).toMatchObject({
      filename: 'data.bin',
      contentType: 'application/octet-stream',
    });
    expect(mail.attachments[0]!.content.equals(file)).toBe(true);
  });
});
