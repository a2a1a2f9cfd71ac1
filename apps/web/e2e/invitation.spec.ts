import fs from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { messageRow, person, shot, signIn, smtpSend, switchLanguage } from './support';

test.use({ baseURL: process.env.E2E_BASE_URL });

const calendar = (uid: string) =>
  [
    'BEGIN:VCALENDAR',
    'PRODID:-//Partner//Calendar//KO',
    'VERSION:2.0',
    'METHOD:REQUEST',
    'BEGIN:VEVENT',
    `UID:${uid}`,
    'SUMMARY:분기 계획 회의',
    'DTSTART:20261201T010000Z',
    'DTEND:20261201T023000Z',
    'LOCATION:본사 3층 회의실',
    'ORGANIZER;CN=김팀장:mailto:lead@partner.example',
    'ATTENDEE;CN=박서연;PARTSTAT=NEEDS-ACTION;RSVP=TRUE:mailto:seoyeon@postline.local',
    'ATTENDEE;CN=Emma Park;PARTSTAT=ACCEPTED:mailto:emma@partner.example',
    'END:VEVENT',
    'END:VCALENDAR',
    '',
  ].join('\r\n');

test('Open an invitation: the card shows what, when in your own time zone, where and who; download the .ics.', async ({
  browser,
}) => {
  const seoyeon = person('seoyeon', '박서연');
  const subject = `초대: 분기 계획 회의 ${Date.now()}`;
  const uid = `plan-${Date.now()}@partner.example`;

  // Seoul first, in Korean; then the same account from New York, in English.
  const seoul = await browser.newContext({ locale: 'ko-KR', timezoneId: 'Asia/Seoul' });
  const page = await seoul.newPage();
  await signIn(page, seoyeon);
  // As calendar programs send it: the event as an alternative of the text, and as invite.ics.
  await smtpSend({
    from: '김팀장 <lead@partner.example>',
    to: seoyeon.email,
    subject,
    text: '분기 계획 회의에 초대합니다.',
    icalEvent: { method: 'REQUEST', filename: 'invite.ics', content: calendar(uid) },
  });

  await page.goto('/mailbox/inbox');
  await expect(messageRow(page, subject)).toBeVisible({ timeout: 15_000 });
  await messageRow(page, subject).getByRole('link').first().click();
  await expect(page.getByRole('heading', { level: 1, name: subject })).toBeVisible();

  const card = page.getByRole('region', { name: '일정 초대' });
  await test.step('the card, in Korean and Seoul time', async () => {
    await expect(card.getByRole('heading', { name: '분기 계획 회의' })).toBeVisible();
    await expect(card).toContainText('2026년 12월 1일 화요일');
    await expect(card).toContainText(/오전 10:00\s*~\s*(오전 )?11:30/);
    await expect(card).toContainText('본사 3층 회의실');
    await expect(card).toContainText('김팀장 <lead@partner.example>');
    await expect(card).toContainText('참석자 2명');
    await expect(card.getByRole('listitem').filter({ hasText: 'Emma Park' })).toContainText('수락');
    await expect(card.getByRole('listitem').filter({ hasText: '박서연' })).toContainText('응답 대기');
    // The calendar is listed once, as the file to save, not once more as the text's alternative.
    const files = page.getByRole('list', { name: '첨부 파일' }).getByRole('listitem');
    await expect(files).toHaveCount(1);
    await expect(files).toContainText('invite.ics');
    await shot(page, 'invitation-ko');
  });

  await test.step('.ics 다운로드 saves the event', async () => {
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      card.getByRole('button', { name: '.ics 다운로드' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('invite.ics');
    expect(await fs.readFile(await download.path(), 'utf8')).toContain(`UID:${uid}`);
  });
  const url = page.url();
  await seoul.close();

  await test.step('in English from New York: the same meeting on the evening before', async () => {
    const newYork = await browser.newContext({ locale: 'en-US', timezoneId: 'America/New_York' });
    const there = await newYork.newPage();
    await signIn(there, seoyeon);
    await switchLanguage(there, 'en');
    await there.goto(url);
    const english = there.getByRole('region', { name: 'Invitation' });
    await expect(english.getByRole('heading', { name: '분기 계획 회의' })).toBeVisible({ timeout: 15_000 });
    await expect(english).toContainText('Monday, November 30, 2026');
    await expect(english).toContainText(/8:00\s*–\s*9:30\sPM/);
    await expect(english).toContainText('(EST)');
    await expect(english).toContainText('2 guests');
    await expect(english.getByRole('listitem').filter({ hasText: 'Emma Park' })).toContainText('Accepted');
    await shot(there, 'invitation-en');
    await there.setViewportSize({ width: 390, height: 844 });
    await expect(english).toBeVisible();
    expect(await there.evaluate<number>('document.documentElement.scrollWidth')).toBeLessThanOrEqual(390);
    await shot(there, 'invitation-en-phone');
    await newYork.close();
  });
});
