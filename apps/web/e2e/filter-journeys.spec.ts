import { expect, test, type Locator, type Page } from '@playwright/test';
import { api, apiToken, messageRow, person, shot, signIn, smtpSend, switchLanguage } from './support';

test.use({ baseURL: process.env.E2E_BASE_URL });

const filterRow = (page: Page, name: string) => page.getByRole('listitem', { name, exact: true });
const filterList = (page: Page) => page.getByRole('list', { name: /^(필터 \d+개|\d+ filters?)$/ });
/** The filters' names as the list shows them, top to bottom. */
const filterNames = (page: Page) => filterList(page).getByRole('heading', { level: 3 });

async function fillCondition(group: Locator, type: string, operator: string, value: string) {
  await group.getByLabel('조건 종류').selectOption(type);
  await group.getByLabel('연산자').selectOption(operator);
  await group.getByLabel('값').fill(value);
}

/** Drags with the mouse as a person does: press on the grip, move in small steps, let go. */
async function dragWithMouse(page: Page, handle: Locator, target: Locator) {
  const from = await handle.boundingBox();
  const to = await target.boundingBox();
  if (!from || !to) throw new Error('drag handle or target is not on screen');
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  // dnd-kit's pointer sensor starts after 5 px, then follows each move.
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2 - 10, { steps: 5 });
  await page.mouse.move(from.x + from.width / 2, to.y + to.height / 2, { steps: 20 });
  await page.mouse.move(from.x + from.width / 2, to.y + to.height / 2 - 2, { steps: 2 });
}

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
      await expect(row).toBeVisible({ timeout: 2_000 });
    }).toPass({ timeout: 20_000 });
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

/** A script as Roundcube's managesieve writes it: rule names in comments, one rule disabled. */
const SIEVE_SCRIPT = `require ["fileinto", "imap4flags"];
# rule:[회계 메일]
if allof (address :domain :is "from" "billing.example.com", header :contains "subject" "청구서")
{
	fileinto "회계";
	addflag "\\\\Seen";
}
# rule:[광고 정리]
if header :contains "subject" "[광고]"
{
	discard;
}
`;

/** Two filters as Gmail exports them (mailFilters.xml); the second has a smart label Postline lacks. */
const GMAIL_EXPORT = `<?xml version='1.0' encoding='UTF-8'?>
<feed xmlns='http://www.w3.org/2005/Atom' xmlns:apps='http://schemas.google.com/apps/2006'>
  <title>Mail Filters</title>
  <entry>
    <category term='filter'></category>
    <title>Mail Filter</title>
    <apps:property name='from' value='team@project.example.com'/>
    <apps:property name='label' value='project'/>
    <apps:property name='shouldStar' value='true'/>
  </entry>
  <entry>
    <category term='filter'></category>
    <title>Mail Filter</title>
    <apps:property name='subject' value='receipt'/>
    <apps:property name='smartLabelToApply' value='^smartlabel_receipt'/>
    <apps:property name='shouldArchive' value='true'/>
  </entry>
</feed>
`;

/** Chooses a file with the import button, as a person does, through the file chooser. */
async function importFile(
  page: Page,
  button: string,
  file: { name: string; mimeType: string; text: string },
) {
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: button, exact: true }).click();
  await (
    await chooser
  ).setFiles({ name: file.name, mimeType: file.mimeType, buffer: Buffer.from(file.text) });
}

async function expectCondition(group: Locator, type: string, operator: string, value?: string) {
  await expect(group.getByLabel('조건 종류')).toHaveValue(type);
  await expect(group.getByLabel('연산자')).toHaveValue(operator);
  if (value !== undefined) await expect(group.getByLabel('값')).toHaveValue(value);
}

test('Import a Sieve script and a Gmail filter export.', async ({ page }) => {
  test.setTimeout(120_000);
  const pageErrors: string[] = [];
  page.on('pageerror', (error) => pageErrors.push(error.message));
  const me = person('hyunwoo', '오현우');
  await signIn(page, me);
  await page.getByRole('navigation', { name: '주 메뉴' }).getByRole('link', { name: /필터/ }).click();
  await expect(page.getByText('아직 필터가 없습니다.')).toBeVisible();

  await test.step('imports the Sieve script: two filters, and the folder it files into is made', async () => {
    await importFile(page, '가져오기', {
      name: 'roundcube.sieve',
      mimeType: 'text/plain',
      text: SIEVE_SCRIPT,
    });
    const report = page.getByRole('region', { name: '가져오기 결과' });
    await expect(report).toContainText('필터 2개를 가져왔습니다.', { timeout: 15_000 });
    await expect(report).toContainText('가져온 필터를 위해 만든 폴더: 회계');
    await expect(report).toContainText('모든 항목을 옮겼습니다.');
    await expect(filterNames(page)).toHaveText(['회계 메일', '광고 정리']);
    await expect(filterRow(page, '회계 메일')).toContainText('조건 2개');
    await expect(filterRow(page, '회계 메일')).toContainText('동작 2개');
    await expect(
      page.getByRole('navigation', { name: '내 메일함' }).getByRole('link', { name: '회계' }),
    ).toBeVisible();
    await shot(page, 'organising-import-sieve-ko');
  });

  await test.step('the Sieve rules read back as the same conditions and actions', async () => {
    await filterRow(page, '회계 메일').getByRole('button', { name: '편집' }).click();
    const edit = page.getByRole('dialog', { name: '필터 편집' });
    await expect(edit.getByLabel('필터 이름')).toHaveValue('회계 메일');
    await expectCondition(
      edit.getByRole('group', { name: '조건 1' }),
      'FROM',
      'ENDS_WITH',
      '@billing.example.com',
    );
    await expectCondition(edit.getByRole('group', { name: '조건 2' }), 'SUBJECT', 'CONTAINS', '청구서');
    const move = edit.getByRole('group', { name: '동작 1' });
    await expect(move.getByLabel('동작 종류')).toHaveValue('MOVE_TO_FOLDER');
    await expect(move.getByLabel('폴더').locator('option:checked')).toHaveText('회계');
    await expect(edit.getByRole('group', { name: '동작 2' }).getByLabel('동작 종류')).toHaveValue(
      'MARK_READ',
    );
    await expect(edit.getByRole('group', { name: '동작 3' })).toHaveCount(0);
    await edit.getByRole('button', { name: '취소' }).click();

    await filterRow(page, '광고 정리').getByRole('button', { name: '편집' }).click();
    await expectCondition(edit.getByRole('group', { name: '조건 1' }), 'SUBJECT', 'CONTAINS', '[광고]');
    await expect(edit.getByRole('group', { name: '동작 1' }).getByLabel('동작 종류')).toHaveValue('DELETE');
    await edit.getByRole('button', { name: '취소' }).click();
    await expect(edit).toBeHidden();
    await page.getByRole('button', { name: '가져오기 결과 닫기' }).click();
    await expect(page.getByRole('region', { name: '가져오기 결과' })).toBeHidden();
  });

  await test.step('in English, imports the Gmail export and is told what could not be carried over', async () => {
    await switchLanguage(page, 'en');
    await importFile(page, 'Import', { name: 'mailFilters.xml', mimeType: 'text/xml', text: GMAIL_EXPORT });
    const report = page.getByRole('region', { name: 'Import report' });
    await expect(report).toContainText('2 filters were imported.', { timeout: 15_000 });
    await expect(report).toContainText('1 thing could not be carried over:');
    await expect(report.getByRole('listitem')).toContainText('smartLabelToApply');
    await expect(page.getByRole('list', { name: '4 filters' })).toBeVisible();
    await expect(filterNames(page)).toHaveText([
      '회계 메일',
      '광고 정리',
      'Gmail: from:team@project.example.com',
      'Gmail: subject:receipt',
    ]);
    await shot(page, 'organising-import-gmail-en');
  });

  await test.step('the Gmail filters carry their criteria and actions', async () => {
    await switchLanguage(page, 'ko');
    await filterRow(page, 'Gmail: from:team@project.example.com')
      .getByRole('button', { name: '편집' })
      .click();
    const edit = page.getByRole('dialog', { name: '필터 편집' });
    await expectCondition(
      edit.getByRole('group', { name: '조건 1' }),
      'FROM',
      'CONTAINS',
      'team@project.example.com',
    );
    const label = edit.getByRole('group', { name: '동작 1' });
    await expect(label.getByLabel('동작 종류')).toHaveValue('ADD_LABEL');
    await expect(label.getByLabel('라벨')).toHaveValue('project');
    await expect(edit.getByRole('group', { name: '동작 2' }).getByLabel('동작 종류')).toHaveValue(
      'MARK_STARRED',
    );
    await edit.getByRole('button', { name: '취소' }).click();

    await filterRow(page, 'Gmail: subject:receipt').getByRole('button', { name: '편집' }).click();
    await expectCondition(edit.getByRole('group', { name: '조건 1' }), 'SUBJECT', 'CONTAINS', 'receipt');
    await expect(edit.getByRole('group', { name: '동작 1' }).getByLabel('동작 종류')).toHaveValue(
      'SKIP_INBOX',
    );
    await expect(edit.getByRole('group', { name: '동작 2' })).toHaveCount(0);
    await edit.getByRole('button', { name: '취소' }).click();
    await expect(edit).toBeHidden();
  });

  expect(pageErrors).toEqual([]);
});
