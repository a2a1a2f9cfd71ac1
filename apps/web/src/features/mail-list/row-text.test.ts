import { describe, expect, it } from 'vitest';
import { rowParticipants } from './row-text';

const texts = { me: '나', unknownSender: '(보낸 사람 없음)' };
const person = (name: string | null, address: string, isMe = false) => ({ name, address, isMe });

describe('rowParticipants: a conversation row names its writers with a count (issue 36)', () => {
  it('names each writer once, the user as "me", and the count', () => {
    const participants = [
      person('김민지', 'minji@postline.local'),
      person('이준', 'jun@postline.local', true),
    ];
    expect(rowParticipants({ participants, messageCount: 3 }, texts)).toBe('김민지, 나 (3)');
    expect(rowParticipants({ participants, messageCount: 3 }, { ...texts, me: 'me' })).toBe('김민지, me (3)');
  });

  it('leaves the count out for one message and falls back to the address name', () => {
    expect(
      rowParticipants({ participants: [person(null, 'partner@example.com')], messageCount: 1 }, texts),
    ).toBe('partner');
  });

  it('shows the first writer and the last two of many', () => {
    const participants = ['가', '나나', '다', '라'].map((name, i) => person(name, `p${i}@example.com`));
    expect(rowParticipants({ participants, messageCount: 6 }, texts)).toBe('가, …, 다, 라 (6)');
  });
});
