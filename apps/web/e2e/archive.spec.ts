import { expect, test } from '@playwright/test';
import { messageRow, person, shot, signIn, smtpSend, switchLanguage } from './support';

test.use({ baseURL: process.env.E2E_BASE_URL });

test('Archive a mail from the message page and find it in Archive.', async ({ page }) => {
  const stamp = Date.now();
  const sora = person('sora', '한소라');
  const subject = `분기 보고서 초안 ${stamp}`;
  await signIn(page, sora);
  await smtpSend({
    from: '"기획팀" <planning@corp.example>',
    to: sora.email,
    subject,
    text: '초안을 공유합니다. 다음 주에 다시 보겠습니다.',
  });
  await page.goto('/mailbox/inbox');
  await expect(messageRow(page, subject)).toBeVisible();
  await messageRow(page, subject).getByRole('link').first().click();
  await expect(page.getByRole('heading', { level: 1, name: subject })).toBeVisible();

  await test.step('"Archive" takes it out of the inbox without deleting it', async () => {
    await page.getByRole('button', { name: '보관', exact: true }).click();
    await expect(page.getByText('메일을 보관함으로 옮겼습니다.')).toBeVisible();
    await page.goto('/mailbox/inbox');
    await expect(page.getByRole('heading', { level: 1, name: '받은편지함' })).toBeVisible();
    await expect(messageRow(page, subject)).toHaveCount(0);
  });

  await test.step('Archive in the sidebar holds it, readable, in both languages', async () => {
    await page
      .getByRole('navigation', { name: '주 메뉴' })
      .getByRole('link', { name: '보관함', exact: true })
      .click();
    await expect(page.getByRole('heading', { level: 1, name: '보관함' })).toBeVisible();
    await expect(messageRow(page, subject)).toBeVisible();
    await shot(page, 'archive-folder-ko');
    await messageRow(page, subject).getByRole('link').first().click();
    await expect(page.getByTestId('message-body')).toContainText('초안을 공유합니다.');
    await switchLanguage(page, 'en');
    await page.goto('/mailbox/inbox');
    await page
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('link', { name: 'Archive', exact: true })
      .click();
    await expect(page.getByRole('heading', { level: 1, name: 'Archive' })).toBeVisible();
    await expect(messageRow(page, subject)).toBeVisible();
    await shot(page, 'archive-folder-en');
    await switchLanguage(page, 'ko');
  });
});
