import { describe, expect, it } from 'vitest';
import type { Invitation } from '@postline/shared/messages';
import { invitationWhen } from './invitation-time';

const base: Invitation = {
  method: 'REQUEST',
  title: '주간 회의',
  start: '2026-12-01T01:00:00.000Z',
  end: '2026-12-01T02:30:00.000Z',
  allDay: false,
  location: null,
  organizer: null,
  attendees: [],
};

describe('invitationWhen', () => {
  it('shows an instant in the reader’s zone and language, with the zone named', () => {
    const seoul = invitationWhen(base, 'ko', 'Asia/Seoul');
    expect(seoul).toContain('2026년 12월 1일 화요일');
    // Node's ICU writes the Korean day period as "AM" where Chromium writes 오전: the hour is what counts.
    expect(seoul).toMatch(/10:00/);
    expect(seoul).toMatch(/11:30/);
    expect(seoul).toMatch(/\(GMT\+9\)$/);
    const newYork = invitationWhen(base, 'en', 'America/New_York');
    expect(newYork).toMatch(/Monday, November 30, 2026/);
    expect(newYork).toMatch(/8:00/);
    expect(newYork).toMatch(/9:30\sPM/);
    expect(newYork).toMatch(/\(EST\)$/);
  });

  it('shows an all-day event as dates, its exclusive end one day back', () => {
    const oneDay = { ...base, allDay: true, start: '2026-12-15', end: '2026-12-16' };
    expect(invitationWhen(oneDay, 'en', 'Asia/Seoul')).toBe('Tuesday, December 15, 2026');
    const twoDays = { ...oneDay, end: '2026-12-17' };
    expect(invitationWhen(twoDays, 'en', 'Asia/Seoul')).toMatch(/December 15.*16, 2026/);
  });

  it('keeps a floating time as written, whatever the zone', () => {
    const floating = { ...base, start: '2026-12-01T10:00:00', end: null };
    expect(invitationWhen(floating, 'en', 'UTC')).toMatch(/10:00\sAM$/);
  });
});
