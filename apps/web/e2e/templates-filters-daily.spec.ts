import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type Page } from '@playwright/test';
import { smtpSend } from './support';

/*
 * The daily fixes of issue 10 item 8, as a new user meets them: no console error for the default
 * signature they do not have, categories that can be renamed and deleted, a popular template that
 * opens compose with it, HAS_ATTACHMENT offering EXISTS only, and a last run worded in minutes and
 * hours as time goes by.
 */

const resultsDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../test-results');
const shot = (page: Page, name: string) =>
  page.screenshot({ path: path.join(resultsDir, `${name}.png`), fullPage: true });

test.use({ baseURL: process.env.E2E_BASE_URL });

const hana = { email: `hana.${Date.now()}@postline.local`, name: '최하나' };

async function signIn(page: Page) {
  await page.goto('/login');
  await page.getByLabel('이메일').fill(hana.email);
  await page.getByLabel('이름').fill(hana.name);
  await page.getByRole('button', { name: '로그인', exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
}

/** Waits for the app's question for the default signature (an empty page for a new user). */
const defaultSignatureAsked = (page: Page) =>
  page.waitForResponse(
    (r) =>
      new URL(r.url()).pathname === '/api/v1/signatures' &&
      new URL(r.url()).searchParams.get('isDefault') === 'true',
  );

test('a new user’s day with templates, signatures and filters', async ({ page }) => {
  test.setTimeout(120_000);
  const consoleErrors: string[] = [];
  page.on('pageerror', (error) => consoleErrors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') consoleErrors.push(message.text());
  });
  // Leaving compose with a filled-in mail asks before unload; this test means to leave.
  page.on('dialog', (dialog) => void dialog.accept());
  // The browser's clock, so the filter's last run can age without waiting for it (time still flows).
  await page.clock.install();

  await signIn(page);

  await test.step('no default signature yet: the signatures page and compose log no error', async () => {
    consoleErrors.length = 0;
    let asked = defaultSignatureAsked(page);
    await page.getByRole('navigation', { name: '주 메뉴' }).getByRole('link', { name: /서명/ }).click();
    await expect(page).toHaveURL(/\/signatures$/);
    expect((await asked).status()).toBe(200);
    await expect(page.getByTestId('default-signature-banner')).toHaveText(/기본 서명이 없습니다/);
    await expect(page.getByRole('alert')).toHaveCount(0);

    asked = defaultSignatureAsked(page);
    await page.getByRole('link', { name: '메일 쓰기', exact: true }).click();
    await expect(page).toHaveURL(/\/compose$/);
    expect((await asked).status()).toBe(200);
    await expect(page.getByLabel('서명')).toBeEnabled();
    await expect(page.getByLabel('내용')).toHaveValue('');
    expect(consoleErrors).toEqual([]);
  });

  await test.step('a category is made, renamed by keyboard, and deleted; its template moves to 일반', async () => {
    await page.goto('/templates');
    const categories = page.getByRole('navigation', { name: '카테고리' });
    await page.getByRole('button', { name: '카테고리 만들기' }).click();
    const create = page.getByRole('dialog', { name: '카테고리 만들기' });
    await create.getByLabel('카테고리 이름').fill('고객 응대');
    await create.getByRole('button', { name: '저장' }).click();
    await expect(create).toBeHidden();

    await page.getByRole('button', { name: '템플릿 만들기' }).click();
    const form = page.getByRole('dialog', { name: '템플릿 만들기' });
    await form.getByLabel('템플릿 이름').fill('문의 답변');
    await form.getByLabel('카테고리').selectOption({ label: '고객 응대' });
    await form.getByLabel('제목').fill('{{name}}님 문의 답변');
    await form.getByLabel('내용', { exact: true }).fill('{{name}}님, 문의해 주셔서 감사합니다.');
    await form.getByRole('button', { name: '저장' }).click();
    await expect(form).toBeHidden();
    const own = categories.getByRole('listitem').filter({ hasText: '고객 응대' });
    await expect(own.getByRole('button', { name: /고객 응대/ })).toContainText('1');
    // The built-in four cannot be renamed or deleted here.
    await expect(categories.getByRole('button', { name: '카테고리 편집' })).toHaveCount(1);

    await own.getByRole('button', { name: '카테고리 편집' }).focus();
    await page.keyboard.press('Enter');
    const edit = page.getByRole('dialog', { name: '카테고리 편집' });
    await expect(edit.getByLabel('카테고리 이름')).toHaveValue('고객 응대');
    await edit.getByLabel('카테고리 이름').fill('고객 지원');
    await page.keyboard.press('Enter');
    await expect(edit).toBeHidden();
    const renamed = categories.getByRole('listitem').filter({ hasText: '고객 지원' });
    await expect(renamed.getByRole('button', { name: /고객 지원/ })).toContainText('1');
    await expect(page.getByRole('article', { name: '문의 답변' })).toContainText('고객 지원');

    await renamed.getByRole('button', { name: '카테고리 삭제' }).click();
    const confirm = page.getByRole('alertdialog', { name: '카테고리를 삭제하시겠습니까?' });
    await expect(confirm).toContainText('"고객 지원" 카테고리가 삭제됩니다.');
    await expect(confirm).toContainText('템플릿 1개는 "일반" 카테고리로 옮겨집니다.');
    await shot(page, 'templates-category-delete-ko');
    await confirm.getByRole('button', { name: '삭제' }).click();
    await expect(confirm).toBeHidden();
    await expect(categories.getByRole('button', { name: /고객 지원/ })).toHaveCount(0);
    await expect(page.getByRole('article', { name: '문의 답변' })).toContainText('일반');
  });

  await test.step('a popular template opens compose with it, asking for its variable first', async () => {
    const popular = page.getByRole('region', { name: '인기 템플릿' });
    await popular.getByRole('link', { name: '문의 답변 템플릿으로 메일 쓰기' }).click();
    await expect(page).toHaveURL(/\/compose\?template=\d+$/);
    const variables = page.getByRole('dialog', { name: '템플릿 변수 입력' });
    await expect(variables).toContainText("'문의 답변' 템플릿에 넣을 값을 입력하세요.");
    await variables.getByLabel('name', { exact: true }).fill('이수진');
    await variables.getByRole('button', { name: '적용' }).click();
    await expect(variables).toBeHidden();
    await expect(page.getByLabel('제목')).toHaveValue('이수진님 문의 답변');
    await expect(page.getByLabel('내용')).toHaveValue('이수진님, 문의해 주셔서 감사합니다.');
    await shot(page, 'compose-from-popular-template-ko');
  });

  await test.step('HAS_ATTACHMENT offers 있음 only; the filter runs on a mail with a file', async () => {
    await page.goto('/filters');
    await page.getByRole('button', { name: '필터 만들기' }).first().click();
    const modal = page.getByRole('dialog', { name: '필터 만들기' });
    await modal.getByLabel('필터 이름').fill('첨부 메일');
    const condition = modal.getByRole('group', { name: '조건 1' });
    await condition.getByLabel('조건 종류').selectOption('HAS_ATTACHMENT');
    await expect(condition.getByLabel('연산자').getByRole('option')).toHaveText(['연산자 선택', '있음']);
    await condition.getByLabel('연산자').selectOption('EXISTS');
    await expect(condition).toContainText('첨부 파일이 있는 메일');
    await modal.getByRole('group', { name: '동작 1' }).getByLabel('동작 종류').selectOption('MARK_READ');
    await modal.getByRole('button', { name: '저장' }).click();
    await expect(modal).toBeHidden();
    const row = page.getByRole('listitem', { name: '첨부 메일', exact: true });
    await expect(row).toContainText('실행된 적 없음');

    await smtpSend({
      from: '"거래처" <partner@vendor.example>',
      to: hana.email,
      subject: '견적서 보내드립니다',
      text: '첨부한 견적서를 확인해 주세요.',
      attachments: [{ filename: '견적서.txt', content: '합계 1,200,000원' }],
    });
    // Reloads until the filter's run shows; a reload on a loaded machine can take seconds itself.
    await expect(async () => {
      await page.reload();
      await expect(row).toContainText('1회 실행', { timeout: 5_000 });
    }).toPass({ timeout: 60_000 });
    await expect(row).toContainText('마지막 실행 방금 전');
  });

  await test.step('the last run is worded in minutes, then hours, as the page stays open', async () => {
    const row = page.getByRole('listitem', { name: '첨부 메일', exact: true });
    await page.clock.fastForward('30:00');
    await expect(row).toContainText('마지막 실행 30분 전');
    await shot(page, 'filters-last-run-minutes-ko');
    await page.clock.fastForward('01:30:00');
    await expect(row).toContainText('마지막 실행 2시간 전');
  });
});
