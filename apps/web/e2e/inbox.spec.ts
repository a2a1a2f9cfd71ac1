import { expect, test, type Page } from '@playwright/test';
import { messageRow, person, shot, signIn, smtpSend } from './support';

const bell = (page: Page) => page.getByRole('button', { name: /^(알림|Notifications)(, .+)?$/ });
const badge = (page: Page) => page.getByTestId('notification-badge');
const connection = (page: Page) => page.getByTestId('connection-indicator').getByRole('status');

test('New mail arrives while the inbox is open: the row, the counts, the bell and a toast appear without reload.', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const jun = person('jun', '박준');
  const subject = `분기 보고서 초안 ${Date.now()}`;
  const pageErrors: string[] = [];
  page.on('pageerror', (error) => pageErrors.push(error.message));

  await signIn(page, jun);
  await page.getByRole('navigation', { name: '주 메뉴' }).getByRole('link', { name: '받은편지함' }).click();
  await expect(page).toHaveURL(/\/mailbox\/inbox$/);
  await expect(page.getByRole('heading', { level: 1, name: '받은편지함' })).toBeVisible();
  await expect(connection(page)).toHaveText(/연결됨$/, { timeout: 15_000 });
  await expect(page.getByText('전체 0개', { exact: true })).toBeVisible();
  await expect(badge(page)).toHaveCount(0);
  // Marks this document: a reload would lose it.
  await page.evaluate(() => ((window as unknown as { __sameDocument: boolean }).__sameDocument = true));

  await smtpSend({
    from: '"이수진" <sujin@partner.example>',
    to: jun.email,
    subject,
    text: '지난 분기 매출 정리본입니다.\n검토 부탁드립니다.',
  });

  const row = messageRow(page, subject);
  await expect(row).toBeVisible({ timeout: 15_000 });
  await expect(row).toHaveAttribute('data-unread', 'true');
  await expect(row.getByTestId('row-sender')).toHaveText('이수진');
  await expect(row.getByTestId('row-preview')).toContainText('지난 분기 매출 정리본입니다. 검토 부탁드립니다.');
  await expect(page.getByText('전체 1개', { exact: true })).toBeVisible();
  await expect(page.getByText('전체 1개 중 1-1')).toBeVisible();
  await expect(badge(page)).toHaveText('1');
  await expect(bell(page)).toHaveAccessibleName('알림, 읽지 않음 1개');
  const toast = page.getByTestId('notification-toast').filter({ hasText: subject });
  await expect(toast).toContainText('이수진님의 새 메일');
  expect(await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument)).toBe(true);
  await shot(page, 'inbox-new-mail-arrives-ko');

  await bell(page).click();
  await expect(
    page.getByRole('region', { name: '알림' }).getByTestId('notification-item').filter({ hasText: subject }),
  ).toHaveAttribute('data-unread', 'true');
  await page.keyboard.press('Escape');
  expect(pageErrors).toEqual([]);
});
