import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type Page } from '@playwright/test';

const screenshotDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../test-results');

test.use({ baseURL: process.env.E2E_BASE_URL });

const newcomer = { email: `minji.${Date.now()}@postline.local`, name: '김민지' };

async function expectLanguage(page: Page, lang: 'ko' | 'en') {
  await expect(page.locator('html')).toHaveAttribute('lang', lang);
}

test('First visit in Korean, sign in with the mock login, read the dashboard, switch to English, reload, sign out.', async ({
  page,
}) => {
  const pageErrors: string[] = [];
  page.on('pageerror', (error) => pageErrors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') pageErrors.push(message.text());
  });

  await test.step('the login page greets in Korean', async () => {
    await page.goto('/');
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('heading', { name: 'Postline에 로그인' })).toBeVisible();
    await expectLanguage(page, 'ko');
    await page.screenshot({ path: path.join(screenshotDir, 'login-ko.png') });
  });

  await test.step('an empty form is refused with a toast', async () => {
    await page.getByRole('button', { name: '로그인', exact: true }).click();
    await expect(page.getByText('이메일과 이름을 모두 입력해 주세요.')).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
  });

  await test.step('mock login lands on the dashboard with the sidebar', async () => {
    await page.getByLabel('이메일').fill(newcomer.email);
    await page.getByLabel('이름').fill(newcomer.name);
    await page.getByRole('button', { name: '로그인', exact: true }).click();
    await expect(page.getByText('로그인되었습니다.')).toBeVisible();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole('heading', { name: `${newcomer.name}님, 환영합니다!` })).toBeVisible();
    const nav = page.getByRole('navigation', { name: '주 메뉴' });
    await expect(nav.getByRole('link', { name: /받은편지함/ })).toBeVisible();
    await expect(page.getByTestId('user-email')).toHaveText(newcomer.email);
    // Let both toasts run out so the screenshot shows the dashboard itself.
    await expect(page.getByText('로그인되었습니다.')).toBeHidden({ timeout: 8_000 });
    await expect(page.getByText('이메일과 이름을 모두 입력해 주세요.')).toBeHidden({ timeout: 8_000 });
    await page.screenshot({ path: path.join(screenshotDir, 'dashboard-ko.png'), fullPage: true });
  });

  await test.step('switching to English changes the page language and texts', async () => {
    await page.getByRole('group', { name: '언어' }).getByRole('button', { name: 'English' }).click();
    await expectLanguage(page, 'en');
    await expect(page.getByRole('heading', { name: `Welcome, ${newcomer.name}!` })).toBeVisible();
    await expect(
      page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: /Inbox/ }),
    ).toBeVisible();
    await page.screenshot({ path: path.join(screenshotDir, 'dashboard-en.png'), fullPage: true });
  });

  await test.step('a reload keeps English and the session', async () => {
    await page.reload();
    await expectLanguage(page, 'en');
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole('heading', { name: `Welcome, ${newcomer.name}!` })).toBeVisible();
  });

  await test.step('switching back to Korean', async () => {
    await page.getByRole('group', { name: 'Language' }).getByRole('button', { name: '한국어' }).click();
    await expectLanguage(page, 'ko');
    await expect(page.getByRole('heading', { name: `${newcomer.name}님, 환영합니다!` })).toBeVisible();
  });

  await test.step('logging out shows the login page again', async () => {
    await page.getByRole('button', { name: '로그아웃' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('heading', { name: 'Postline에 로그인' })).toBeVisible();
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Postline에 로그인' })).toBeVisible();
  });

  expect(pageErrors).toEqual([]);
});
