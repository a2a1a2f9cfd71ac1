import { expect, test, type Page } from '@playwright/test';
import { api, apiToken, person, shot, signIn, switchLanguage } from './support';

const bell = (page: Page) => page.getByRole('button', { name: /^(알림|Notifications)(, .+)?$/ });
const badge = (page: Page) => page.getByTestId('notification-badge');
const connection = (page: Page) => page.getByTestId('connection-indicator').getByRole('status');

async function expectConnected(page: Page) {
  await expect(connection(page)).toHaveText(/연결됨$|Connected$/, { timeout: 15_000 });
}

test('Mark one and all notifications read; the badge follows.', async ({ page, request }) => {
  test.setTimeout(120_000);
  const stamp = Date.now();
  const minji = person('minji', '김민지');
  const jun = person('jun', '박준');
  const minjiToken = await apiToken(request, minji);
  const send = (subject: string) =>
    api(request, minjiToken, 'POST', '/messages', {
      toAddresses: [jun.email],
      subject,
      bodyText: `${subject}\n\n확인 부탁드립니다.`,
    });

  await signIn(page, jun);
  await expectConnected(page);
  const subjects = [`회의록 공유 ${stamp}`, `출장 일정 ${stamp}`, `예산안 검토 ${stamp}`];
  for (const subject of subjects) await send(subject);
  await expect(badge(page)).toHaveText('3', { timeout: 15_000 });
  await expect(bell(page)).toHaveAccessibleName('알림, 읽지 않음 3개');

  await test.step('mark one read in the bell panel: the badge drops by one, the item is no longer highlighted', async () => {
    await bell(page).click();
    const panel = page.getByRole('region', { name: '알림' });
    const item = panel.getByTestId('notification-item').filter({ hasText: subjects[1] });
    await expect(item).toHaveAttribute('data-unread', 'true');
    await item.getByRole('button', { name: /^읽음으로 표시: / }).click();
    await expect(item).toHaveAttribute('data-unread', 'false');
    await expect(item.getByRole('button', { name: /^읽음으로 표시: / })).toHaveCount(0);
    await expect(badge(page)).toHaveText('2');
    await expect(bell(page)).toHaveAccessibleName('알림, 읽지 않음 2개');
    // The panel stays open and on the same page: marking read is not opening.
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(panel.getByTestId('notification-item').and(page.locator('[data-unread="true"]'))).toHaveCount(2);
    await shot(page, 'bell-mark-one-read-ko');
  });

  await test.step('mark all read: the badge disappears, and stays gone after a reload', async () => {
    const panel = page.getByRole('region', { name: '알림' });
    await panel.getByRole('button', { name: '모두 읽음으로 표시' }).click();
    await expect(badge(page)).toHaveCount(0);
    await expect(bell(page)).toHaveAccessibleName('알림');
    await expect(panel.getByTestId('notification-item').and(page.locator('[data-unread="true"]'))).toHaveCount(0);
    await page.keyboard.press('Escape');
    await expect(panel).toBeHidden();
    await page.reload();
    await expectConnected(page);
    await expect(bell(page)).toHaveAccessibleName('알림');
    await expect(badge(page)).toHaveCount(0);
  });

  await test.step('in English: one more arrives, mark it read, then mark all read on the notifications page', async () => {
    await switchLanguage(page, 'en');
    const more = [`Quarterly numbers ${stamp}`, `Lunch on Friday ${stamp}`];
    for (const subject of more) await send(subject);
    await expect(badge(page)).toHaveText('2', { timeout: 15_000 });
    await expect(bell(page)).toHaveAccessibleName('Notifications, 2 unread');
    await bell(page).click();
    const panel = page.getByRole('region', { name: 'Notifications' });
    const item = panel.getByTestId('notification-item').filter({ hasText: more[0] });
    await item.getByRole('button', { name: /^Mark as read: / }).click();
    await expect(badge(page)).toHaveText('1');
    await expect(bell(page)).toHaveAccessibleName('Notifications, 1 unread');
    await shot(page, 'bell-mark-one-read-en');
    await panel.getByRole('link', { name: 'View all notifications' }).click();
    await expect(page).toHaveURL(/\/notifications$/);
    await expect(page.getByTestId('unread-count-badge')).toHaveText('1 unread');
    await page.getByRole('button', { name: 'Mark all as read' }).click();
    await expect(page.getByTestId('unread-count-badge')).toHaveText('0 unread');
    await expect(badge(page)).toHaveCount(0);
    await expect(bell(page)).toHaveAccessibleName('Notifications');
    await switchLanguage(page, 'ko');
  });
});
