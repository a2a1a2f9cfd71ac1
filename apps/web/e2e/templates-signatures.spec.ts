import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';

const screenshotDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../test-results');

test.use({ baseURL: process.env.E2E_BASE_URL });

const stamp = Date.now();
const minji = { email: `minji.${stamp}@postline.local`, name: '김민지' };
const sujin = { email: `sujin.${stamp}@postline.local`, name: '이수진' };

const templateBody = '{{name}}님, {{date}} 회의에 초대합니다.\n장소: 3층 회의실';
const businessText = '김민지 팀장\nPostline 업무팀';

async function signIn(page: Page, user: { email: string; name: string }) {
  await page.goto('/login');
  await page.getByLabel('이메일').fill(user.email);
  await page.getByLabel('이름').fill(user.name);
  await page.getByRole('button', { name: '로그인', exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
}

async function switchLanguage(page: Page, to: 'ko' | 'en') {
  const group = page.getByRole('group', { name: to === 'en' ? '언어' : 'Language' });
  await group.getByRole('button', { name: to === 'en' ? 'English' : '한국어' }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', to);
}

/** Screenshots once the toasts have gone, so they show the screen itself. */
async function screenshot(page: Page, name: string) {
  await expect(page.locator('[role="status"][aria-live="polite"]')).toHaveCount(0, { timeout: 8_000 });
  await page.screenshot({ path: path.join(screenshotDir, `${name}.png`), fullPage: true });
}

async function apiToken(request: APIRequestContext, user: { email: string; name: string }): Promise<string> {
  const response = await request.post('/api/v1/auth/mock-login', { data: user });
  expect(response.ok()).toBe(true);
  const body = (await response.json()) as { data: { accessToken: string } };
  return body.data.accessToken;
}

test('Apply a template, change the signature, remove it.', async ({ page, request, browser }) => {
  test.setTimeout(120_000);
  const pageErrors: string[] = [];
  page.on('pageerror', (error) => pageErrors.push(error.message));

  // The recipient exists on this server, so the mail is delivered to their inbox.
  const sujinToken = await apiToken(request, sujin);
  await signIn(page, minji);

  await test.step('a category and the template 회의 초대 with {{name}} and {{date}}', async () => {
    await page.goto('/templates');
    await expect(page.getByRole('heading', { name: '템플릿', level: 1 })).toBeVisible();
    const categories = page.getByRole('navigation', { name: '카테고리' });
    await expect(categories.getByRole('button', { name: /일반/ })).toBeVisible();

    await page.getByRole('button', { name: '카테고리 만들기' }).click();
    const categoryDialog = page.getByRole('dialog', { name: '카테고리 만들기' });
    await expect(categoryDialog.getByLabel('색상')).toHaveValue('#3b82f6');
    await categoryDialog.getByLabel('카테고리 이름').fill('프로젝트 회의');
    await categoryDialog.getByLabel('설명').fill('주간 회의와 킥오프');
    await categoryDialog.getByRole('button', { name: '저장' }).click();
    await expect(categoryDialog).toBeHidden();
    await expect(categories.getByRole('button', { name: /프로젝트 회의/ })).toContainText('0');

    await page.getByRole('button', { name: '템플릿 만들기' }).click();
    const dialog = page.getByRole('dialog', { name: '템플릿 만들기' });
    await expect(dialog.getByText(/이중 중괄호로 변수를 넣을 수 있습니다/)).toBeVisible();
    await dialog.getByLabel('템플릿 이름').fill('회의 초대');
    await dialog.getByLabel('카테고리').selectOption({ label: '프로젝트 회의' });
    await dialog.getByLabel('제목').fill('{{date}} 회의 안내');
    // A bad variable is refused by the shared rule, naming it, and the modal stays open.
    await dialog.getByLabel('내용', { exact: true }).fill('{{first name}}님');
    await dialog.getByRole('button', { name: '저장' }).click();
    await expect(
      dialog.getByText('올바르지 않은 변수입니다: {{first name}}', { exact: false }),
    ).toBeVisible();
    await dialog.getByLabel('내용', { exact: true }).fill(templateBody);
    await dialog.getByLabel('다른 사용자와 공유').check();
    await screenshot(page, 'template-modal-ko');
    await dialog.getByRole('button', { name: '저장' }).click();
    await expect(dialog).toBeHidden();

    const card = page.getByRole('article', { name: '회의 초대' });
    await expect(card).toContainText('{{date}} 회의 안내');
    await expect(card).toContainText('프로젝트 회의');
    await expect(card).toContainText('공유됨');
    await expect(categories.getByRole('button', { name: /프로젝트 회의/ })).toContainText('1');

    // A second one, so the list and the popular panel are not a single line.
    await page.getByRole('button', { name: '템플릿 만들기' }).click();
    const second = page.getByRole('dialog', { name: '템플릿 만들기' });
    await second.getByLabel('템플릿 이름').fill('감사 인사');
    await second.getByLabel('제목').fill('도와주셔서 감사합니다');
    await second
      .getByLabel('내용', { exact: true })
      .fill('{{recipientName}}님,\n지난주 도와주셔서 정말 감사합니다.');
    await second.getByRole('button', { name: '저장' }).click();
    await expect(second).toBeHidden();

    await page.getByRole('searchbox', { name: '템플릿 검색' }).fill('회의');
    await page.getByRole('searchbox', { name: '템플릿 검색' }).press('Enter');
    await expect(page.getByRole('article', { name: '감사 인사' })).toBeHidden();
    await expect(page.getByRole('article', { name: '회의 초대' })).toBeVisible();
    await page.getByRole('button', { name: '초기화' }).click();
    await expect(page.getByRole('article', { name: '감사 인사' })).toBeVisible();

    await screenshot(page, 'templates-ko');
    await switchLanguage(page, 'en');
    await expect(page.getByRole('heading', { name: 'Templates', level: 1 })).toBeVisible();
    await expect(
      page.getByRole('navigation', { name: 'Categories' }).getByRole('button', { name: /General/ }),
    ).toBeVisible();
    await screenshot(page, 'templates-en');
    await switchLanguage(page, 'ko');
  });

  await test.step('a business signature made the default, and a personal one', async () => {
    await page.goto('/signatures');
    await expect(page.getByTestId('default-signature-banner')).toHaveText(/기본 서명이 없습니다/);

    await page.getByRole('button', { name: '서명 만들기' }).click();
    let dialog = page.getByRole('dialog', { name: '서명 만들기' });
    await expect(dialog.getByLabel('종류')).toHaveValue('PERSONAL');
    await expect(dialog.getByLabel('이미지 URL')).toBeHidden();
    await dialog.getByLabel('서명 이름').fill('민지 업무용');
    await dialog.getByLabel('종류').selectOption('BUSINESS');
    await dialog
      .getByLabel('내용', { exact: true })
      .fill('<p><b>김민지</b> 팀장<br>Postline 업무팀</p><img src=x onerror="window.hacked=1">');
    await expect(dialog.getByTestId('signature-preview').locator('b')).toHaveText('김민지');
    await dialog.getByLabel('이미지 포함').check();
    await expect(dialog.getByLabel('이미지 URL')).toHaveAttribute('type', 'url');
    await screenshot(page, 'signature-modal-ko');
    await dialog.getByLabel('이미지 포함').uncheck();
    await dialog.getByRole('button', { name: '저장' }).click();
    await expect(dialog).toBeHidden();

    await page.getByRole('button', { name: '서명 만들기' }).click();
    dialog = page.getByRole('dialog', { name: '서명 만들기' });
    await dialog.getByLabel('서명 이름').fill('민지 개인용');
    await dialog.getByLabel('내용', { exact: true }).fill('<p>민지 드림</p>');
    await dialog.getByRole('button', { name: '저장' }).click();
    await expect(dialog).toBeHidden();

    await page.getByRole('button', { name: '민지 업무용 기본으로 설정' }).click();
    await expect(page.getByTestId('default-signature-banner')).toHaveText('현재 기본 서명: 민지 업무용');
    const card = page.getByRole('article', { name: '민지 업무용' });
    await expect(card.getByText('기본', { exact: true })).toBeVisible();
    await expect(card.locator('[onerror]')).toHaveCount(0);
    expect(await page.evaluate(() => (globalThis as { hacked?: number }).hacked)).toBeUndefined();

    await page.getByRole('tab', { name: /업무/ }).click();
    await expect(page.getByRole('article', { name: '민지 개인용' })).toBeHidden();
    await page.getByRole('tab', { name: /전체/ }).click();

    await screenshot(page, 'signatures-ko');
    await switchLanguage(page, 'en');
    await expect(page.getByTestId('default-signature-banner')).toHaveText(
      'Current default signature: 민지 업무용',
    );
    await screenshot(page, 'signatures-en');
    await switchLanguage(page, 'ko');
  });

  const body = page.getByLabel('내용', { exact: true });

  await test.step('compose: the default signature under two blank lines, then the template', async () => {
    await page.goto('/compose');
    await expect(body).toHaveValue(`\n\n${businessText}`);
    await expect(page.getByLabel('서명', { exact: true })).toHaveValue(/\d+/);

    await page.getByLabel('받는 사람').fill(sujin.email);
    await page.getByLabel('받는 사람').press('Enter');

    await page.getByLabel('템플릿', { exact: true }).selectOption({ label: '회의 초대' });
    const dialog = page.getByRole('dialog', { name: '템플릿 변수 입력' });
    await expect(dialog.getByLabel('date')).not.toHaveValue('');
    await dialog.getByLabel('name').fill('이수진');
    await dialog.getByLabel('date').fill('11월 25일');
    await screenshot(page, 'compose-variables-ko');
    await dialog.getByRole('button', { name: '적용' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText('템플릿을 적용했습니다.')).toBeVisible();
    await expect(page.getByLabel('제목', { exact: true })).toHaveValue('11월 25일 회의 안내');
    // The signature stays, below the template's body (issue 10).
    await expect(body).toHaveValue(
      `이수진님, 11월 25일 회의에 초대합니다.\n장소: 3층 회의실\n\n${businessText}`,
    );
  });

  await test.step('switch to the personal signature, then remove it', async () => {
    await page.getByLabel('서명', { exact: true }).selectOption({ label: '민지 개인용' });
    await expect(body).toHaveValue('이수진님, 11월 25일 회의에 초대합니다.\n장소: 3층 회의실\n\n민지 드림');
    await expect(page.getByText('서명을 넣었습니다.')).toBeVisible();
    await screenshot(page, 'compose-ko');

    await page.getByRole('button', { name: '서명 빼기' }).click();
    await expect(body).toHaveValue('이수진님, 11월 25일 회의에 초대합니다.\n장소: 3층 회의실');
    await expect(page.getByLabel('서명', { exact: true })).toHaveValue('');
  });

  await test.step('send, and the recipient has the filled-in mail', async () => {
    await page.getByRole('button', { name: '보내기', exact: true }).click();
    await expect(page).toHaveURL(/\/mailbox\/sent$/);

    const headers = { Authorization: `Bearer ${sujinToken}` };
    let arrived: { id: number; subject: string } | undefined;
    await expect(async () => {
      const inbox = await request.get('/api/v1/messages', { headers, params: { mailboxType: 'INBOX' } });
      const list = (await inbox.json()) as { data: { content: { id: number; subject: string }[] } };
      arrived = list.data.content.find((message) => message.subject === '11월 25일 회의 안내');
      expect(arrived).toBeDefined();
    }).toPass({ timeout: 10_000 });
    const opened = await request.get(`/api/v1/messages/${arrived!.id}`, { headers });
    const message = (await opened.json()) as { data: { bodyText: string; fromAddress: string } };
    expect(message.data.bodyText.replace(/\r\n/g, '\n').trim()).toBe(
      '이수진님, 11월 25일 회의에 초대합니다.\n장소: 3층 회의실',
    );
    expect(message.data.fromAddress).toBe(minji.email);
  });

  await test.step('the template was counted as used', async () => {
    await page.goto('/templates');
    const popular = page.getByRole('region', { name: '인기 템플릿' });
    await expect(popular.getByRole('listitem').first()).toContainText('회의 초대');
    await expect(popular.getByRole('listitem').first()).toContainText('1회 사용');
  });

  await test.step('the recipient can read the shared template but not change it', async () => {
    const context = await browser.newContext({ baseURL: process.env.E2E_BASE_URL });
    const other = await context.newPage();
    await signIn(other, sujin);
    await other.goto('/templates');
    const shared = other.getByRole('article', { name: '회의 초대' });
    await expect(shared).toBeVisible();
    await expect(shared.getByRole('button')).toHaveCount(0);
    await context.close();
  });

  expect(pageErrors).toEqual([]);
});
