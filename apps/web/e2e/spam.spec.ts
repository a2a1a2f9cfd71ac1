import { expect, test } from '@playwright/test';
import { messageRow, person, shot, signIn, smtpSend, switchLanguage } from './support';

test.use({ baseURL: process.env.E2E_BASE_URL });

test('Report a mail as spam, find it in Spam, and bring it back with "Not spam".', async ({ page }) => {
  const stamp = Date.now();
  const jun = person('jun', '박준');
  const subject = `당첨을 축하드립니다 ${stamp}`;
  await signIn(page, jun);
  await smtpSend({
    from: '"경품 이벤트" <event@lucky-prize.example>',
    to: jun.email,
    subject,
    text: '지금 바로 링크를 눌러 상금을 받으세요.',
  });
  await page.goto('/mailbox/inbox');
  await messageRow(page, subject).getByRole('link').first().click();
  await expect(page.getByRole('heading', { level: 1, name: subject })).toBeVisible();

  await test.step('"Report spam" moves it out of the inbox at once', async () => {
    await page.getByRole('button', { name: '스팸 신고' }).click();
    await expect(page.getByText('스팸으로 신고하고 스팸함으로 옮겼습니다.')).toBeVisible();
    await expect(page).toHaveURL(/\/mailbox\/inbox$/);
    await expect(messageRow(page, subject)).toHaveCount(0);
  });

  await test.step('Spam now shows in the sidebar; the mail waits there, where the button says "Not spam"', async () => {
    await page.getByRole('navigation', { name: '주 메뉴' }).getByRole('link', { name: '스팸함' }).click();
    await expect(page.getByRole('heading', { level: 1, name: '스팸함' })).toBeVisible();
    await messageRow(page, subject).getByRole('link').first().click();
    await expect(page.getByRole('button', { name: '스팸 아님' })).toBeVisible();
    await shot(page, 'spam-message-ko');
    await switchLanguage(page, 'en');
    await expect(page.getByRole('button', { name: 'Not spam' })).toBeVisible();
    await shot(page, 'spam-message-en');
    await switchLanguage(page, 'ko');
  });

  await test.step('"Not spam" brings it back to the inbox', async () => {
    await page.getByRole('button', { name: '스팸 아님' }).click();
    await expect(page.getByText('스팸이 아니라고 표시하고 받은편지함으로 옮겼습니다.')).toBeVisible();
    await expect(page.getByRole('button', { name: '스팸 신고' })).toBeVisible();
    await page.goto('/mailbox/inbox');
    await expect(messageRow(page, subject)).toBeVisible();
  });
});
