import { chromium, expect, test } from '@playwright/test';

/*
 * Issue 11, finding 6: served over plain http under a name that is not loopback (HOST=0.0.0.0 on a
 * trusted network), the app must load. With `upgrade-insecure-requests` in the CSP, Chromium asked
 * for every script and style over https and the page stayed blank. Chromium's host resolver maps
 * the made-up name to 127.0.0.1, so nothing leaves this machine.
 */
const HOST_NAME = 'postline-office.test';

test('over plain http under a non-loopback name, the app loads, signs in and shows the dashboard', async () => {
  const base = new URL(process.env.E2E_BASE_URL!);
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', `--host-resolver-rules=MAP ${HOST_NAME} 127.0.0.1`],
  });
  try {
    const context = await browser.newContext({ locale: 'ko-KR', viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    const failed: string[] = [];
    const httpsRequests: string[] = [];
    // What makes a blank page: the document, its scripts, styles, fonts or images not loading.
    // (The real-time socket may try several transports; it is not what this is about.)
    page.on('requestfailed', (request) => {
      if (['document', 'script', 'stylesheet', 'font', 'image'].includes(request.resourceType()))
        failed.push(request.url());
    });
    page.on('request', (request) => {
      if (request.url().startsWith('https:')) httpsRequests.push(request.url());
    });

    const origin = `http://${HOST_NAME}:${base.port}`;
    const response = await page.goto(`${origin}/login`);
    expect(response?.headers()['content-security-policy']).not.toContain('upgrade-insecure-requests');
    await expect(page.getByRole('heading', { name: 'Postline에 로그인' })).toBeVisible();

    await page.getByLabel('이메일').fill(`plain.${Date.now()}@postline.local`);
    await page.getByLabel('이름').fill('평문 접속');
    await page.getByRole('button', { name: '로그인', exact: true }).click();
    await expect(page).toHaveURL(`${origin}/dashboard`);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

    expect(httpsRequests).toEqual([]);
    expect(failed).toEqual([]);
    await context.close();
  } finally {
    await browser.close();
  }
});
