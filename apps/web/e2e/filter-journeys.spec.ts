import { expect, test } from '@playwright/test';
import { dragWithMouse, fillCondition, filterList, filterNames, filterRow } from './filter-support';
import { api, apiToken, messageRow, person, shot, signIn, smtpSend, switchLanguage } from './support';

test.use({ baseURL: process.env.E2E_BASE_URL });

test('Create a filter from the filters screen, test it on a sample, see the next matching mail filed, reorder by drag and by keyboard.', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const pageErrors: string[] = [];
  page.on('pageerror', (error) => pageErrors.push(error.message));
  const me = person('gayoung', '임가영');
  const token = await apiToken(page.request, me);
  // The folder the filter files into, and two filters she already had (journeys of their own).
  await api(page.request, token, 'POST', '/mailboxes', { name: '장애 대응' });
  for (const [name, value] of [
    ['뉴스레터', 'newsletter@'],
    ['청구서', 'billing@'],
  ] as const) {
    await api(page.request, token, 'POST', '/filters', {
      name,
      conditions: [{ conditionType: 'FROM', operator: 'CONTAINS', value }],
      actions: [{ actionType: 'MARK_READ' }],
    });
  }
  await signIn(page, me);

  await test.step('creates the filter from the filters screen', async () => {
    await page.getByRole('navigation', { name: '주 메뉴' }).getByRole('link', { name: /필터/ }).click();
    await expect(page).toHaveURL(/\/filters$/);
    await expect(page.getByRole('heading', { level: 1, name: '필터 관리' })).toBeVisible();
    await expect(filterList(page)).toHaveAccessibleName('필터 2개');
    await page.getByRole('button', { name: '필터 만들기' }).first().click();
    const modal = page.getByRole('dialog', { name: '필터 만들기' });
    await modal.getByLabel('필터 이름').fill('장애 알림');
    await modal.getByLabel('설명').fill('모니터링의 [긴급] 메일은 장애 대응으로');
    await fillCondition(modal.getByRole('group', { name: '조건 1' }), 'SUBJECT', 'CONTAINS', '[긴급]');
    await modal.getByRole('button', { name: '조건 추가' }).click();
    await fillCondition(
      modal.getByRole('group', { name: '조건 2' }),
      'FROM',
      'ENDS_WITH',
      '@monitoring.example.com',
    );
    const move = modal.getByRole('group', { name: '동작 1' });
    await move.getByLabel('동작 종류').selectOption('MOVE_TO_FOLDER');
    await move.getByLabel('폴더').selectOption({ label: '장애 대응' });
    await modal.getByRole('button', { name: '동작 추가' }).click();
    await modal.getByRole('group', { name: '동작 2' }).getByLabel('동작 종류').selectOption('MARK_STARRED');
    await modal.getByRole('button', { name: '저장' }).click();
    await expect(modal).toBeHidden();
    await expect(filterList(page)).toHaveAccessibleName('필터 3개');
    const row = filterRow(page, '장애 알림');
    await expect(row).toContainText('#3');
    await expect(row).toContainText('조건 2개');
    await expect(row).toContainText('동작 2개');
    await expect(row).toContainText('실행된 적 없음');
  });

  await test.step('tests it on the sample alert: it matches, and says what it would do', async () => {
    await filterRow(page, '장애 알림').getByRole('button', { name: '편집' }).click();
    const edit = page.getByRole('dialog', { name: '필터 편집' });
    await expect(edit.getByLabel('필터 이름')).toHaveValue('장애 알림');
    await edit.getByRole('button', { name: '테스트', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: '필터 테스트' });
    // Running without a sample is refused.
    await dialog.getByRole('button', { name: '테스트 실행' }).click();
    await expect(dialog.getByRole('alert')).toBeVisible();
    await dialog.getByRole('radio', { name: /운영 서버 장애 보고/ }).check();
    await dialog.getByRole('button', { name: '테스트 실행' }).click();
    await expect(dialog.getByRole('heading', { name: '조건에 맞습니다' })).toBeVisible();
    await expect(dialog.getByRole('list', { name: '일치한 조건' }).getByRole('listitem')).toHaveCount(2);
    const actions = dialog.getByRole('list', { name: '실행될 동작' });
    await expect(actions.getByRole('listitem')).toHaveCount(2);
    await expect(actions).toContainText('장애 대응');
    // A newsletter sample does not match.
    await dialog.getByRole('radio', { name: /봄맞이 특가 세일/ }).check();
    await dialog.getByRole('button', { name: '테스트 실행' }).click();
    await expect(dialog.getByRole('heading', { name: '조건에 맞지 않습니다' })).toBeVisible();
    await shot(page, 'organising-filter-test-ko');
    await dialog.getByRole('button', { name: '닫기' }).last().click();
    await edit.getByRole('button', { name: '취소' }).click();
    await expect(edit).toBeHidden();
  });

  const subject = `[긴급] 결제 API 응답 지연 ${Date.now()}`;
  await test.step('the next matching mail arrives over SMTP and is filed in 장애 대응, starred', async () => {
    await smtpSend({
      from: '"모니터링" <alerts@monitoring.example.com>',
      to: me.email,
      subject,
      text: '결제 API의 p99 응답 시간이 3초를 넘었습니다.',
    });
    await page
      .getByRole('navigation', { name: '내 메일함' })
      .getByRole('link', { name: '장애 대응' })
      .click();
    await expect(page.getByRole('heading', { level: 1, name: '장애 대응' })).toBeVisible();
    const row = messageRow(page, subject);
    await expect(async () => {
      await page.reload();
      await expect(row).toBeVisible({ timeout: 5_000 });
    }).toPass({ timeout: 60_000 });
    await expect(row.getByRole('button', { name: '별표 해제' })).toHaveAttribute('aria-pressed', 'true');
    await page.goto('/mailbox/inbox');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(messageRow(page, subject)).toHaveCount(0);

    await page.goto('/filters');
    const filter = filterRow(page, '장애 알림');
    await expect(filter).toContainText('1회 실행');
    await expect(filter).toContainText('마지막 실행 방금 전');
  });

  await test.step('drags 장애 알림 with the mouse to the top', async () => {
    await expect(filterNames(page)).toHaveText(['뉴스레터', '청구서', '장애 알림']);
    const handle = page.getByRole('button', { name: '장애 알림 순서 바꾸기' });
    const saved = page.waitForResponse(
      (r) => r.url().endsWith('/filters/priority') && r.request().method() === 'PUT',
    );
    await dragWithMouse(page, handle, filterRow(page, '뉴스레터'));
    await expect(page.locator('[id^="DndLiveRegion"]')).toHaveText(
      '장애 알림 필터가 뉴스레터 필터 위에 있습니다.',
    );
    await page.mouse.up();
    expect((await saved).ok()).toBe(true);
    await expect(filterNames(page)).toHaveText(['장애 알림', '뉴스레터', '청구서']);
    await expect(filterRow(page, '장애 알림')).toContainText('#1');
    await expect(filterRow(page, '청구서')).toContainText('#3');
    // The order is the server's, not only the screen's.
    await page.reload();
    await expect(filterNames(page)).toHaveText(['장애 알림', '뉴스레터', '청구서']);
  });

  await test.step('moves 청구서 up by keyboard: Enter picks it up, ArrowUp, Enter drops', async () => {
    const handle = page.getByRole('button', { name: '청구서 순서 바꾸기' });
    await handle.focus();
    const announcer = page.locator('[id^="DndLiveRegion"]');
    await page.keyboard.press('Enter');
    await expect(announcer).toHaveText('청구서 필터를 집었습니다.');
    await page.keyboard.press('ArrowUp');
    await expect(announcer).toHaveText('청구서 필터가 뉴스레터 필터 위에 있습니다.');
    await page.keyboard.press('Enter');
    await expect(announcer).toHaveText(
      '청구서 필터를 뉴스레터 필터 자리에 놓았습니다. 그 우선순위를 갖습니다.',
    );
    await expect(filterNames(page)).toHaveText(['장애 알림', '청구서', '뉴스레터']);

    // The row's own arrows work from the keyboard too.
    const down = filterRow(page, '장애 알림').getByRole('button', { name: '아래로 이동' });
    await down.focus();
    await page.keyboard.press('Enter');
    await expect(filterNames(page)).toHaveText(['청구서', '장애 알림', '뉴스레터']);
    await page.reload();
    await expect(filterNames(page)).toHaveText(['청구서', '장애 알림', '뉴스레터']);
    await shot(page, 'organising-filters-reordered-ko');
  });

  await test.step('in English, the list and the drag instructions', async () => {
    await switchLanguage(page, 'en');
    await expect(page.getByRole('heading', { level: 1, name: 'Filters' })).toBeVisible();
    await expect(page.getByRole('list', { name: '3 filters' })).toBeVisible();
    await expect(filterRow(page, '장애 알림')).toContainText('Ran 1 time');
    const handle = page.getByRole('button', { name: 'Reorder 장애 알림' });
    await handle.focus();
    await page.keyboard.press('Space');
    await expect(page.locator('[id^="DndLiveRegion"]')).toHaveText('Picked up 장애 알림.');
    await page.keyboard.press('Escape');
    await expect(page.locator('[id^="DndLiveRegion"]')).toHaveText('Reordering 장애 알림 was cancelled.');
    await expect(filterNames(page)).toHaveText(['청구서', '장애 알림', '뉴스레터']);
  });

  expect(pageErrors).toEqual([]);
});
