import { expect, test, type Page } from '@playwright/test';
import { api, apiToken, person, shot } from './support';

/** The notification about `subject` in the bell's panel, opening the panel if it is closed. */
async function notificationAbout(page: Page, subject: string, language: 'ko' | 'en') {
  const panel = page.getByRole('region', { name: language === 'en' ? 'Notifications' : '알림' });
  if (!(await panel.isVisible())) {
    await page.getByRole('button', { name: language === 'en' ? /^Notifications/ : /^알림/ }).click();
  }
  return panel.getByTestId('notification-item').filter({ hasText: subject });
}

test('An English user signs in from a fresh browser and sees English; notifications stored earlier read in the current language.', async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const emma = person('emma', 'Emma Stone');
  const jun = person('jun', '이준');
  const subject = `Q3 plan ${Date.now()}`;

  await test.step('on an English browser the login page is English, and so is the account made there', async () => {
    const context = await browser.newContext({ locale: 'en-US' });
    const page = await context.newPage();
    await page.goto('/login');
    await expect(page.getByRole('heading', { name: 'Sign in to Postline' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await shot(page, 'login-english-browser');
    await page.getByLabel('E-mail').fill(emma.email);
    await page.getByLabel('Name').fill(emma.name);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(page.getByRole('heading', { name: `Welcome, ${emma.name}!` })).toBeVisible();
    await context.close();
  });

  await test.step('while she is away, Jun writes to her: the notification is stored now', async () => {
    const token = await apiToken(request, jun);
    await api(request, token, 'POST', '/messages', {
      toAddresses: [emma.email],
      subject,
      bodyText: 'Numbers attached.',
    });
  });

  const context = await browser.newContext({ locale: 'ko-KR' });
  const page = await context.newPage();
  await test.step('a fresh Korean browser: the login page is Korean, and signing in turns the app English', async () => {
    await page.goto('/login');
    await expect(page.getByRole('heading', { name: 'Postline에 로그인' })).toBeVisible();
    await page.getByLabel('이메일').fill(emma.email);
    await page.getByLabel('이름').fill(emma.name);
    await page.getByRole('button', { name: '로그인', exact: true }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page.getByRole('heading', { name: `Welcome, ${emma.name}!` })).toBeVisible();
    await expect(page.getByText('You are signed in.')).toBeVisible();
    await expect(
      page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: /Inbox/ }),
    ).toBeVisible();
    // The Korean browser did not overwrite the account's language.
    const me = await api<{ language: string }>(
      page.request,
      await apiToken(page.request, emma),
      'GET',
      '/auth/me',
    );
    expect(me.language).toBe('en');
  });

  await test.step('the notification stored before reads in English, then in Korean after a switch', async () => {
    const english = await notificationAbout(page, subject, 'en');
    await expect(english).toContainText(`New mail from ${jun.name}`);
    await shot(page, 'notification-stored-earlier-en');
    await page.keyboard.press('Escape');
    await page.getByRole('group', { name: 'Language' }).getByRole('button', { name: '한국어' }).click();
    await expect(page.locator('html')).toHaveAttribute('lang', 'ko');
    const korean = await notificationAbout(page, subject, 'ko');
    await expect(korean).toContainText(`새 메일: ${jun.name}`);
    await shot(page, 'notification-stored-earlier-ko');
  });

  await test.step('on a phone too, the next sign-in shows the account language she chose last', async () => {
    const phone = await browser.newContext({ locale: 'en-US', viewport: { width: 390, height: 844 } });
    const there = await phone.newPage();
    await there.goto('/login');
    await expect(there.getByRole('heading', { name: 'Sign in to Postline' })).toBeVisible();
    await there.getByLabel('E-mail').fill(emma.email);
    await there.getByLabel('Name').fill(emma.name);
    await there.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(there).toHaveURL(/\/dashboard$/);
    await expect(there.locator('html')).toHaveAttribute('lang', 'ko');
    await expect(there.getByRole('heading', { name: `${emma.name}님, 환영합니다!` })).toBeVisible();
    await shot(there, 'account-language-phone');
    await phone.close();
  });
  await context.close();
});
