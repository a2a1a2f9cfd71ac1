import { describe, expect, it } from 'vitest';
import { formatMailDateTime, quotedReplyBody, replyQuoteHeading } from '../src/mail-dates.js';

const evening = new Date('2026-11-23T13:52:00Z'); // 22:52 in Seoul, a Monday

describe('mail dates people read', () => {
  it('writes one language at a time, whatever the platform locale data', () => {
    expect(formatMailDateTime(evening, 'ko', 'Asia/Seoul')).toBe('2026년 11월 23일 (월) 오후 10:52');
    expect(formatMailDateTime(evening, 'en', 'Asia/Seoul')).toBe('Mon, Nov 23, 2026, 10:52 PM');
    expect(formatMailDateTime(new Date('2026-01-04T15:05:00Z'), 'ko', 'UTC')).toBe(
      '2026년 1월 4일 (일) 오후 3:05',
    );
    expect(formatMailDateTime(new Date('2026-01-05T00:07:00Z'), 'en', 'UTC')).toBe(
      'Mon, Jan 5, 2026, 12:07 AM',
    );
  });

  it('puts the original below the cursor with every line quoted', () => {
    const heading = replyQuoteHeading(evening, '김민지 <minji@example.com>', 'ko', 'Asia/Seoul');
    expect(heading).toBe('2026년 11월 23일 (월) 오후 10:52, 김민지 <minji@example.com> 님이 작성:');
    expect(replyQuoteHeading(evening, 'Sam', 'en', 'Asia/Seoul')).toBe(
      'On Mon, Nov 23, 2026, 10:52 PM, Sam wrote:',
    );
    expect(quotedReplyBody('첫 줄\r\n\r\n> 이전 인용\n', 'H:')).toBe('\n\nH:\n> 첫 줄\n>\n>> 이전 인용\n');
  });
});
