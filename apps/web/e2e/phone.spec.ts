import { expect, test, type Page } from '@playwright/test';
import { api, apiToken, person, shot, signIn, switchLanguage } from './support';

test.use({ baseURL: process.env.E2E_BASE_URL, viewport: { width: 390, height: 844 }, hasTouch: true });

/** Nothing on the page may be wider than the phone's screen. */
async function expectNoSidewaysScroll(page: Page, route: string) {
  await expect
    .poll(
      () =>
        page.evaluate<{ scroll: number; inner: number }>(
          '({ scroll: document.documentElement.scrollWidth, inner: window.innerWidth })',
        ),
      { message: `${route} scrolls sideways at 390 px` },
    )
    .toEqual(expect.objectContaining({ inner: 390, scroll: 390 }));
}

test('Open the app on a phone: drawer, every route usable, no sideways scrolling.', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const pageErrors: string[] = [];
  page.on('pageerror', (error) => pageErrors.push(error.message));
  const hana = person('hana', '최하나');
  const token = await apiToken(request, hana);
  // Long words and many rows: what makes narrow screens overflow.
  const longSubject = `분기별영업실적보고서및차기사업계획검토요청사항정리본_최종_수정본_${Date.now()}`;
  await api(request, token, 'POST', '/messages', {
    toAddresses: [hana.email, 'very.long.recipient.address.for.layout.checks@partner-company.example.com'],
    subject: longSubject,
    bodyText: `${longSubject}\n\n확인 부탁드립니다. https://example.com/${'a'.repeat(120)}`,
  });
  const inbox = await api<{ content: { id: number }[] }>(
    request,
    token,
    'GET',
    '/messages?mailboxType=INBOX',
  );
  const folder = await api<{ id: number }>(request, token, 'POST', '/mailboxes', {
    name: '거래처별 계약서 보관함',
  });
  await api(request, token, 'POST', '/filters', {
    name: '거래처 계약서 자동 분류 규칙 (법무팀 검토 완료 건만)',
    conditions: [{ conditionType: 'SUBJECT', operator: 'CONTAINS', value: '계약서' }],
    actions: [{ actionType: 'MOVE_TO_FOLDER', actionValue: String(folder.id) }],
  });
  await signIn(page, hana);

  const routes = [
    '/dashboard',
    '/mailbox/inbox',
    '/mailbox/sent',
    `/mailbox/folder-${folder.id}`,
    `/message/${inbox.content[0]!.id}`,
    `/message/${inbox.content[0]!.id}/original`,
    '/compose',
    '/filters',
    '/templates',
    '/signatures',
    '/notifications',
  ];

  for (const language of ['ko', 'en'] as const) {
    await test.step(`every route fits the screen (${language})`, async () => {
      if (language === 'en') await switchLanguage(page, 'en');
      for (const route of routes) {
        await page.goto(route);
        await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
        await expectNoSidewaysScroll(page, route);
        await shot(page, `phone${route.replace(/\//g, '-').replace(/-\d+(?=-|$)/, '')}-${language}`);
      }
    });
  }
  await switchLanguage(page, 'ko');

  await test.step('the filters screen keeps each row readable with its actions reachable', async () => {
    await page.goto('/filters');
    const row = page.getByRole('listitem', { name: '거래처 계약서 자동 분류 규칙 (법무팀 검토 완료 건만)' });
    await expect(row).toBeVisible();
    const box = await row.boundingBox();
    expect(box!.width).toBeGreaterThan(300);
    await row.getByRole('button', { name: /작업 더 보기$/ }).click();
    await expect(page.getByRole('menuitem', { name: '삭제' })).toBeVisible();
    await page.keyboard.press('Escape');
  });

  await test.step('the drawer takes the focus, keeps Tab inside, and gives it back', async () => {
    await page.goto('/dashboard');
    const menuButton = page.getByRole('button', { name: '메뉴 열기' });
    await menuButton.click();
    const drawer = page.getByRole('dialog', { name: '메뉴' });
    await expect(drawer).toBeVisible();
    await expect(drawer.locator(':focus')).toHaveCount(1);
    for (let i = 0; i < 40; i += 1) {
      await page.keyboard.press('Tab');
      await expect(drawer.locator(':focus')).toHaveCount(1);
    }
    await page.keyboard.press('Shift+Tab');
    await expect(drawer.locator(':focus')).toHaveCount(1);
    await shot(page, 'phone-drawer-ko');
    await page.keyboard.press('Escape');
    await expect(drawer).toBeHidden();
    await expect(menuButton).toBeFocused();

    await menuButton.click();
    await page.getByRole('dialog', { name: '메뉴' }).getByRole('link', { name: '보낸편지함' }).click();
    await expect(page).toHaveURL(/\/mailbox\/sent$/);
    await expect(page.getByRole('dialog', { name: '메뉴' })).toBeHidden();
  });

  expect(pageErrors).toEqual([]);
});

/** Whether two boxes on the page share any pixel. */
function overlap(a: Box, b: Box): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}
type Box = { x: number; y: number; width: number; height: number };

test('On a phone, toasts stay off the heading and never cover each other (issue 34).', async ({
  page,
  request,
}) => {
  const mina = person('mina', '정미나');
  const token = await apiToken(request, mina);
  const stamp = Date.now();
  for (const n of [1, 2])
    await api(request, token, 'POST', '/messages', {
      toAddresses: [mina.email],
      subject: `토스트 확인 ${n} ${stamp}`,
      bodyText: '본문',
    });

  await signIn(page, mina);
  const signedIn = page.getByRole('status').filter({ hasText: '로그인되었습니다.' });
  await expect(signedIn).toBeVisible();
  const heading = page.getByRole('heading', { level: 1 });
  await expect(heading).toBeVisible();
  expect(overlap((await signedIn.boundingBox())!, (await heading.boundingBox())!)).toBe(false);
  await shot(page, 'phone-sign-in-toast-ko');

  await page.goto('/mailbox/inbox');
  const rows = page.getByTestId('message-row');
  await expect(rows).toHaveCount(2);
  // Two failures of one kind say so once; two of different kinds stand one above the other.
  await page.route('**/api/v1/messages/*/star*', (route) =>
    route.fulfill({ status: 400, json: { success: false, code: 'INVALID_INPUT', message: 'no' } }),
  );
  await page.route('**/api/v1/messages/bulk', (route) =>
    route.fulfill({ status: 400, json: { success: false, code: 'INVALID_INPUT', message: '거절됨' } }),
  );
  for (const n of [1, 2])
    await page.getByRole('button', { name: `별표 표시: 토스트 확인 ${n} ${stamp}` }).click();
  const starFailed = page.getByRole('status').filter({ hasText: '별표를 바꾸지 못했습니다.' });
  await expect(starFailed).toHaveCount(1);
  await page.getByRole('checkbox', { name: `메일 선택: 토스트 확인 1 ${stamp}` }).check();
  await page
    .getByRole('region', { name: '선택한 메일 작업' })
    .getByRole('button', { name: '읽음으로 표시' })
    .click();
  const bulkFailed = page.getByRole('status').filter({ hasText: '일부 메일을 처리하지 못했습니다' });
  await expect(bulkFailed).toBeVisible();
  await expect(starFailed).toBeVisible();
  // Measured once both have come to rest (the library slides them into place).
  await expect
    .poll(async () => overlap((await starFailed.boundingBox())!, (await bulkFailed.boundingBox())!))
    .toBe(false);
  const fab = page.getByRole('link', { name: '메일 쓰기' }).last();
  expect(overlap((await bulkFailed.boundingBox())!, (await fab.boundingBox())!)).toBe(false);
  expect(overlap((await starFailed.boundingBox())!, (await fab.boundingBox())!)).toBe(false);
  await shot(page, 'phone-two-error-toasts-ko');
});
