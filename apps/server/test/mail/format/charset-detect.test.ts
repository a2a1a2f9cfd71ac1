import { describe, expect, it } from 'vitest';
import { labelBodyCharsets } from '../../../src/mail/format/body-charsets.js';
import { decodeDetected, detectCharset } from '../../../src/mail/format/charset-detect.js';
import { parseIncoming } from '../../../src/mail/format/incoming-mime.js';
import { eucKr } from '../helpers/legacy-korean.js';

describe('detectCharset', () => {
  it('reads UTF-8 as UTF-8, unlabelled Korean as CP949 with its extension Hangul, Latin text as windows-1252', () => {
    expect(detectCharset(Buffer.from('회의록 공유'))).toBe('utf-8');
    expect(decodeDetected(eucKr('똠방각하 샾 매장'))).toBe('똠방각하 샾 매장');
    expect(detectCharset(Buffer.from('caf\xe9 cr\xe8me', 'latin1'))).toBe('windows-1252');
    expect(decodeDetected(Buffer.from('it\x92s \x80 5', 'latin1'))).toBe('it’s € 5');
  });

  it('tries the charsets a message declares before its own guesses', () => {
    const shiftJis = Buffer.from([0x8c, 0xa9, 0x90, 0xcf]); // 見積 in Shift_JIS, also valid CP949
    expect(decodeDetected(shiftJis, ['shift_jis'])).toBe('見積');
  });

  it('turns any bytes into characters, never into U+FFFD', () => {
    let seed = 12;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) % 256;
    for (let round = 0; round < 200; round += 1) {
      const bytes = Buffer.from(Array.from({ length: 1 + (round % 40) }, random));
      expect(decodeDetected(bytes)).not.toContain('\ufffd');
    }
  });
});

describe('labelBodyCharsets', () => {
  it('returns the message untouched when every label holds', async () => {
    const raw = Buffer.concat([
      Buffer.from('Subject: x\r\nContent-Type: text/plain; charset=euc-kr\r\n\r\n'),
      eucKr('안녕하세요'),
    ]);
    expect(await labelBodyCharsets(raw)).toBe(raw);
  });

  it('labels an unlabelled part and changes nothing else', async () => {
    const body = eucKr('부산 출장 보고서입니다.\r\n');
    const raw = Buffer.concat([
      Buffer.from('Subject: x\r\nContent-Type: multipart/mixed; boundary=b\r\n\r\n--b\r\n\r\n'),
      body,
      Buffer.from('\r\n--b--\r\n'),
    ]);
    const labelled = await labelBodyCharsets(raw);
    expect(labelled.toString('latin1')).toContain('Content-Type: text/plain; charset=cp949');
    expect(labelled.includes(body)).toBe(true);
    expect(labelled.length - raw.length).toBe('Content-Type: text/plain; charset=cp949\r\n'.length);
  });

  it('finds an encoded part wherever it starts in a large message, even across the 1 MB it reads at a time', async () => {
    const encoding = 'Content-Transfer-Encoding: base64\r\n';
    const body = `${eucKr('부산 출장 보고서입니다.').toString('base64')}\r\n`;
    const head =
      'Subject: x\r\nContent-Type: multipart/mixed; boundary=b\r\n\r\n--b\r\nContent-Type: text/plain\r\n\r\n';
    const partHead = '\r\n--b\r\nContent-Type: text/plain\r\n';
    // An ASCII first part long enough that the encoding header straddles the first megabyte's end.
    for (const offset of [-10, 0, 10]) {
      const filler = 1024 * 1024 - head.length - partHead.length - offset;
      const raw = Buffer.from(`${head}${'a'.repeat(filler)}${partHead}${encoding}\r\n${body}\r\n--b--\r\n`);
      expect(raw.indexOf(encoding)).toBe(1024 * 1024 - offset);
      const mail = await parseIncoming(raw, raw.length);
      expect(mail.text).toContain('부산 출장 보고서입니다.');
    }
  });
});

describe('raw 8-bit headers', () => {
  it('decodes names in To and Cc and a subject mixing raw bytes with an RFC 2047 word', async () => {
    const raw = Buffer.concat([
      Buffer.from('From: a@example.com\r\nTo: '),
      eucKr('이준'),
      Buffer.from(' <jun@postline.local>, '),
      eucKr('"김 민지"'),
      Buffer.from(' <minji@postline.local>\r\nCc: '),
      eucKr('영업팀'),
      Buffer.from(' <sales@example.com>\r\nSubject: '),
      eucKr('회의'),
      Buffer.from(` =?UTF-8?B?${Buffer.from('안내').toString('base64')}?=\r\n`),
      Buffer.from('Content-Type: text/plain; charset=euc-kr\r\n\r\nbody\r\n'),
    ]);
    const mail = await parseIncoming(raw, raw.length);
    expect(mail.to).toEqual([
      { address: 'jun@postline.local', name: '이준' },
      { address: 'minji@postline.local', name: '김 민지' },
    ]);
    expect(mail.cc).toEqual([{ address: 'sales@example.com', name: '영업팀' }]);
    expect(mail.subject).toBe('회의 안내');
    expect(mail.headers?.subject).toBe('회의 안내');
  });
});
