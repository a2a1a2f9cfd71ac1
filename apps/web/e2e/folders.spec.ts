import { expect, test, type Page } from '@playwright/test';
import { api, apiToken, messageRow, person, shot, signIn, switchLanguage } from './support';

test.use({ baseURL: process.env.E2E_BASE_URL });

const tree = (page: Page, name = '내 메일함') => page.getByRole('navigation', { name });
const folderItem = (page: Page, name: string) =>
  tree(page)
    .getByRole('listitem')
    .filter({ has: page.getByRole('link', { name, exact: true }) })
    .first();

test('Create, rename, nest and delete a folder; move mail into it.', async ({ page, request }) => {
  const pageErrors: string[] = [];
  page.on('pageerror', (error) => pageErrors.push(error.message));
  const seoyeon = person('seoyeon', '박서연');
  const token = await apiToken(request, seoyeon);
  const subject = `분기 보고서 초안 ${Date.now()}`;
  await api(request, token, 'POST', '/messages', {
    toAddresses: [seoyeon.email],
    subject,
    bodyText: '초안을 보내 드립니다.',
  });
  await signIn(page, seoyeon);

  await test.step('she makes a folder from the sidebar and lands in it', async () => {
    await expect(tree(page).getByText('아직 만든 메일함이 없습니다.')).toBeVisible();
    await page.getByRole('button', { name: '새 메일함', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: '새 메일함' });
    await expect(dialog.getByLabel('메일함 이름')).toBeFocused();
    await dialog.getByRole('button', { name: '만들기' }).click();
    await expect(dialog.getByRole('alert')).toHaveText('메일함 이름을 입력해 주세요.');
    await dialog.getByLabel('메일함 이름').fill('보고서');
    await dialog.getByLabel('메일함 이름').press('Enter');
    await expect(page.getByRole('heading', { level: 1, name: '보고서' })).toBeVisible();
    await expect(tree(page).getByRole('link', { name: '보고서' })).toBeVisible();
  });

  await test.step('by keyboard only, she makes a folder inside it', async () => {
    const manage = page.getByRole('button', { name: '보고서 메일함 관리' });
    await manage.focus();
    await page.keyboard.press('Enter');
    const menu = page.getByRole('menu', { name: '보고서 메일함 관리' });
    await expect(menu.getByRole('menuitem', { name: '이름 바꾸기' })).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(menu.getByRole('menuitem', { name: '하위 메일함 만들기' })).toBeFocused();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: "'보고서' 안에 새 메일함" });
    await expect(dialog.getByLabel('메일함 이름')).toBeFocused();
    await page.keyboard.type('2026년');
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { level: 1, name: '2026년' })).toBeVisible();
    // Nested: the sub-folder's link sits inside the parent's list item.
    await expect(folderItem(page, '보고서').getByRole('link', { name: '2026년' })).toBeVisible();
    await shot(page, 'folders-tree-ko');
  });

  await test.step('she moves the mail into the sub-folder', async () => {
    await page.goto('/mailbox/inbox');
    await messageRow(page, subject).getByRole('checkbox').check();
    const moveTo = page.getByLabel('메일함으로 이동…');
    // The picker lists the tree indented by depth; on failure this prints the options it has.
    await expect(moveTo.locator('option')).toContainText(['보고서', '\u00a0\u00a02026년']);
    await moveTo.selectOption({ label: '\u00a0\u00a02026년' });
    await expect(messageRow(page, subject)).toHaveCount(0);
    await tree(page).getByRole('link', { name: '2026년' }).click();
    await expect(messageRow(page, subject)).toBeVisible();
  });

  await test.step('she renames the sub-folder and moves it to the top', async () => {
    await page.getByRole('button', { name: '2026년 메일함 관리' }).click();
    await page.getByRole('menuitem', { name: '이름 바꾸기' }).click();
    const rename = page.getByRole('dialog', { name: "'2026년' 이름 바꾸기" });
    await expect(rename.getByLabel('메일함 이름')).toHaveValue('2026년');
    await rename.getByLabel('메일함 이름').fill('2026 보고서');
    await rename.getByRole('button', { name: '저장' }).click();
    await expect(page.getByText("이름을 '2026 보고서'(으)로 바꿨습니다.")).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: '2026 보고서' })).toBeVisible();

    await page.getByRole('button', { name: '2026 보고서 메일함 관리' }).click();
    await page.getByRole('menuitem', { name: '이동' }).click();
    const move = page.getByRole('dialog', { name: "'2026 보고서' 이동" });
    // A folder cannot go inside itself: only the other folder and the top level are offered.
    await expect(move.getByLabel('넣을 위치').locator('option')).toHaveText([
      '맨 위 (상위 메일함 없음)',
      '보고서',
    ]);
    await move.getByLabel('넣을 위치').selectOption({ label: '맨 위 (상위 메일함 없음)' });
    await move.getByRole('button', { name: '이동' }).click();
    await expect(page.getByText("'2026 보고서' 메일함을 옮겼습니다.")).toBeVisible();
    await expect(folderItem(page, '보고서').getByRole('link', { name: '2026 보고서' })).toHaveCount(0);
    await expect(tree(page).getByRole('link', { name: '2026 보고서' })).toBeVisible();
  });

  await test.step('she deletes it after confirming; its mail waits in the trash', async () => {
    await page.getByRole('button', { name: '2026 보고서 메일함 관리' }).click();
    await page.getByRole('menuitem', { name: '삭제' }).click();
    const confirm = page.getByRole('alertdialog', { name: "'2026 보고서' 메일함을 삭제할까요?" });
    await expect(confirm).toContainText('그 안의 메일은 휴지통으로 옮겨집니다.');
    await confirm.getByRole('button', { name: '취소' }).click();
    await expect(tree(page).getByRole('link', { name: '2026 보고서' })).toBeVisible();

    await page.getByRole('button', { name: '2026 보고서 메일함 관리' }).click();
    await page.getByRole('menuitem', { name: '삭제' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: '삭제' }).click();
    await expect(page).toHaveURL(/\/mailbox\/inbox$/);
    await expect(tree(page).getByRole('link', { name: '2026 보고서' })).toHaveCount(0);
    await page.getByRole('link', { name: '휴지통' }).click();
    await expect(messageRow(page, subject)).toBeVisible();
  });

  await test.step('the same tree in English', async () => {
    await switchLanguage(page, 'en');
    await expect(tree(page, 'My folders').getByRole('link', { name: '보고서' })).toBeVisible();
    await page.getByRole('button', { name: 'Manage folder 보고서' }).click();
    await expect(page.getByRole('menuitem', { name: 'Rename' })).toBeVisible();
    await shot(page, 'folders-menu-en');
    await page.keyboard.press('Escape');
    await expect(page.getByRole('button', { name: 'Manage folder 보고서' })).toBeFocused();
    await switchLanguage(page, 'ko');
  });

  expect(pageErrors).toEqual([]);
});
