import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { fillCondition, filterRow } from './filter-support';
import { resultsDir, shot, smtpSend } from './support';

test.use({ baseURL: process.env.E2E_BASE_URL });

const jun = { email: `jun.${Date.now()}@postline.local`, name: '이준' };

async function signIn(page: Page) {
  await page.goto('/login');
  await page.getByLabel('이메일').fill(jun.email);
  await page.getByLabel('이름').fill(jun.name);
  await page.getByRole('button', { name: '로그인', exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
}

/** A call to the API as the signed-in user, with the token the app keeps in local storage. */
async function callApi<T>(page: Page, method: string, url: string, data?: unknown): Promise<T> {
  const { origins } = await page.context().storageState();
  const stored = origins.flatMap((o) => o.localStorage).find((item) => item.name === 'auth-storage');
  const token = (JSON.parse(stored?.value ?? '{}') as { state?: { token?: string } }).state?.token;
  const response = await page.request.fetch(`/api/v1${url}`, {
    method,
    headers: { Authorization: `Bearer ${token}` },
    ...(data === undefined ? {} : { data }),
  });
  expect(response.ok(), `${method} ${url}: ${response.status()}`).toBeTruthy();
  return ((await response.json()) as { data: T }).data;
}

/** Two filters as Gmail exports them (mailFilters.xml); the second has a smart label Postline lacks. */
const GMAIL_EXPORT = `<?xml version='1.0' encoding='UTF-8'?>
<feed xmlns='http://www.w3.org/2005/Atom' xmlns:apps='http://schemas.google.com/apps/2006'>
  <title>Mail Filters</title>
  <entry>
    <category term='filter'></category>
    <title>Mail Filter</title>
    <apps:property name='from' value='news@shop.example.com'/>
    <apps:property name='label' value='Newsletter'/>
    <apps:property name='shouldMarkAsRead' value='true'/>
  </entry>
  <entry>
    <category term='filter'></category>
    <title>Mail Filter</title>
    <apps:property name='subject' value='invoice'/>
    <apps:property name='smartLabelToApply' value='^smartlabel_receipt'/>
    <apps:property name='shouldStar' value='true'/>
  </entry>
</feed>
`;

async function runSampleTest(page: Page, sample: RegExp) {
  await page.getByRole('button', { name: '테스트', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: '필터 테스트' });
  await dialog.getByRole('radio', { name: sample }).check();
  await dialog.getByRole('button', { name: '테스트 실행' }).click();
  return dialog;
}

test('Jun sorts [알파] mail into 프로젝트, tests, reorders, exports and imports his filters', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const pageErrors: string[] = [];
  page.on('pageerror', (error) => pageErrors.push(error.message));

  await signIn(page);
  const folder = await callApi<{ id: number }>(page, 'POST', '/mailboxes', { name: '프로젝트' });

  await test.step('creates the filter of the story', async () => {
    await page.goto('/filters');
    await expect(page.getByRole('heading', { level: 1, name: '필터 관리' })).toBeVisible();
    await expect(page.getByText('아직 필터가 없습니다.')).toBeVisible();
    await page.getByRole('button', { name: '필터 만들기' }).first().click();
    const modal = page.getByRole('dialog', { name: '필터 만들기' });
    await modal.getByLabel('필터 이름').fill('알파 프로젝트');
    await modal.getByLabel('설명').fill('corp.example의 [알파] 메일 정리');
    await fillCondition(modal.getByRole('group', { name: '조건 1' }), 'SUBJECT', 'CONTAINS', '[알파]');
    await modal.getByRole('button', { name: '조건 추가' }).click();
    await fillCondition(modal.getByRole('group', { name: '조건 2' }), 'FROM', 'ENDS_WITH', '@corp.example');
    const move = modal.getByRole('group', { name: '동작 1' });
    await move.getByLabel('동작 종류').selectOption('MOVE_TO_FOLDER');
    await move.getByLabel('폴더').selectOption({ label: '프로젝트' });
    await modal.getByRole('button', { name: '동작 추가' }).click();
    await modal.getByRole('group', { name: '동작 2' }).getByLabel('동작 종류').selectOption('MARK_READ');
    await modal.getByRole('button', { name: '동작 추가' }).click();
    const label = modal.getByRole('group', { name: '동작 3' });
    await label.getByLabel('동작 종류').selectOption('ADD_LABEL');
    await label.getByLabel('라벨').fill('work');
    await shot(page, 'filters-modal-ko');
    await modal.getByRole('button', { name: '저장' }).click();
    await expect(modal).toBeHidden();
    const row = filterRow(page, '알파 프로젝트');
    await expect(row).toContainText('#1');
    await expect(row).toContainText('조건 2개');
    await expect(row).toContainText('동작 3개');
    await expect(row).toContainText('실행된 적 없음');
  });

  await test.step('tests it against a sample: not matched, with the reason', async () => {
    await filterRow(page, '알파 프로젝트').getByRole('button', { name: '편집' }).click();
    const edit = page.getByRole('dialog', { name: '필터 편집' });
    await expect(edit.getByLabel('필터 이름')).toHaveValue('알파 프로젝트');
    const dialog = await runSampleTest(page, /운영 서버 장애 보고/);
    await expect(dialog.getByRole('heading', { name: '조건에 맞지 않습니다' })).toBeVisible();
    await expect(dialog.getByText('처음으로 맞지 않은 조건')).toBeVisible();
    await dialog.getByRole('button', { name: '닫기' }).last().click();
    await edit.getByRole('button', { name: '저장' }).click();
    await expect(edit).toBeHidden();
  });

  await test.step('copies it, points the copy at a sample, and sees what matched', async () => {
    await filterRow(page, '알파 프로젝트').getByRole('button', { name: '복사' }).click();
    const copy = filterRow(page, '알파 프로젝트 (사본)');
    await expect(copy).toContainText('#2');
    await copy.getByRole('button', { name: '편집' }).click();
    const edit = page.getByRole('dialog', { name: '필터 편집' });
    await expect(edit.getByLabel('필터 이름')).toHaveValue('알파 프로젝트 (사본)');
    await edit.getByLabel('필터 이름').fill('긴급 알림');
    await edit.getByRole('group', { name: '조건 1' }).getByLabel('값').fill('[긴급]');
    await edit.getByRole('group', { name: '조건 2' }).getByLabel('값').fill('@monitoring.example.com');
    await edit.getByRole('button', { name: '저장' }).click();
    await expect(edit).toBeHidden();
    await filterRow(page, '긴급 알림').getByRole('button', { name: '편집' }).click();
    const dialog = await runSampleTest(page, /운영 서버 장애 보고/);
    await expect(dialog.getByRole('heading', { name: '조건에 맞습니다' })).toBeVisible();
    await expect(dialog.getByRole('list', { name: '일치한 조건' }).getByRole('listitem')).toHaveCount(2);
    await expect(dialog.getByRole('list', { name: '실행될 동작' }).getByRole('listitem')).toHaveCount(3);
    await expect(dialog.getByRole('list', { name: '실행될 동작' })).toContainText('프로젝트');
    await shot(page, 'filters-test-ko');
    await dialog.getByRole('button', { name: '닫기' }).last().click();
    await page.getByRole('dialog', { name: '필터 편집' }).getByRole('button', { name: '취소' }).click();
  });

  await test.step('reorders by dragging with the keyboard', async () => {
    await expect(
      page.getByRole('list', { name: '필터 2개' }).getByRole('listitem').first(),
    ).toHaveAccessibleName('알파 프로젝트');
    const handle = filterRow(page, '긴급 알림').getByRole('button', { name: '긴급 알림 순서 바꾸기' });
    // The grips work once dnd-kit's code has come, just after the rows.
    await expect(handle).toBeEnabled();
    await handle.focus();
    const saved = page.waitForResponse(
      (r) => r.url().endsWith('/filters/priority') && r.request().method() === 'PUT',
    );
    // dnd-kit measures the rows once the drag starts; each key waits for the previous step to land.
    const announcer = page.locator('[id^="DndLiveRegion"]');
    await page.keyboard.press('Space');
    await expect(handle).toHaveAttribute('aria-pressed', 'true');
    await expect(announcer).toHaveText('긴급 알림 필터를 집었습니다.');
    await page.keyboard.press('ArrowUp');
    await expect(announcer).toHaveText('긴급 알림 필터가 알파 프로젝트 필터 위에 있습니다.');
    await page.keyboard.press('Space');
    expect(JSON.parse((await saved).request().postData() ?? '')).toEqual([
      { filterId: expect.any(Number), newPriority: 1 },
    ]);
    await expect(filterRow(page, '긴급 알림')).toContainText('#1');
    await expect(filterRow(page, '알파 프로젝트')).toContainText('#2');
    await expect(
      page.getByRole('list', { name: '필터 2개' }).getByRole('listitem').first(),
    ).toHaveAccessibleName('긴급 알림');
  });

  await test.step('mail from corp.example arrives over SMTP and lands in 프로젝트, read and labelled', async () => {
    await smtpSend({
      from: '"Corp 팀장" <lead@corp.example>',
      to: jun.email,
      subject: '[알파] 3월 일정 공유',
      text: '알파 프로젝트 일정입니다.',
    });
    const inFolder = () =>
      callApi<{ content: Array<{ subject: string; isRead: boolean; labels?: string[] }> }>(
        page,
        'GET',
        `/messages?mailboxId=${folder.id}`,
      );
    await expect
      .poll(async () => (await inFolder()).content.map((m) => m.subject))
      .toEqual(['[알파] 3월 일정 공유']);
    const [message] = (await inFolder()).content;
    expect(message?.isRead).toBe(true);
    expect(message?.labels).toContain('work');

    await page.reload();
    const row = filterRow(page, '알파 프로젝트');
    await expect(row).toContainText('1회 실행');
    await expect(row).toContainText('마지막 실행 방금 전');
    await shot(page, 'filters-list-ko');
  });

  await test.step('the statistics show the run', async () => {
    await page.getByRole('button', { name: '통계 보기' }).click();
    const panel = page.getByRole('region', { name: '필터 통계' });
    await expect(panel.getByRole('meter', { name: '활성화 비율' })).toHaveAttribute('aria-valuenow', '100');
    await expect(panel).toContainText('1위');
    await expect(panel).toContainText('알파 프로젝트');
    await shot(page, 'filters-stats-ko');
    await page.getByRole('button', { name: '통계 숨기기' }).click();
  });

  await test.step('exports one filter as JSON and imports the file again', async () => {
    const downloading = page.waitForEvent('download');
    await filterRow(page, '알파 프로젝트').getByRole('button', { name: '내보내기' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe('filter-알파 프로젝트.json');
    const file = path.join(resultsDir, download.suggestedFilename());
    await download.saveAs(file);
    await page.getByLabel('가져올 필터 파일').setInputFiles(file);
    await expect(page.getByText('필터 1개를 가져왔습니다.')).toBeVisible();
    await expect(page.getByRole('list', { name: '필터 3개' })).toBeVisible();
    await expect(page.getByRole('listitem', { name: '알파 프로젝트', exact: true })).toHaveCount(2);
    // Let the toast run out so the screenshots show the header.
    await expect(page.getByText('필터 1개를 가져왔습니다.')).toBeHidden({ timeout: 8_000 });
  });

  await test.step('the same screens in English', async () => {
    await page.getByRole('group', { name: '언어' }).getByRole('button', { name: 'English' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Filters' })).toBeVisible();
    await expect(page.getByRole('list', { name: '3 filters' })).toBeVisible();
    await shot(page, 'filters-list-en');
    await page.getByRole('button', { name: 'Show statistics' }).click();
    await expect(page.getByRole('region', { name: 'Filter statistics' })).toContainText('Top filters');
    await shot(page, 'filters-stats-en');
    await page.getByRole('button', { name: 'Hide statistics' }).click();
    await filterRow(page, '긴급 알림').getByRole('button', { name: 'Edit' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit filter' });
    await expect(edit.getByLabel('Filter name')).toHaveValue('긴급 알림');
    await shot(page, 'filters-modal-en');
    await edit.getByRole('button', { name: 'Cancel' }).click();
  });

  await test.step('exports everything as a Sieve script and reads it back with a report', async () => {
    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export all as Sieve' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe('postline-filters.sieve');
    const file = path.join(resultsDir, download.suggestedFilename());
    await download.saveAs(file);
    await page.getByLabel('Filter file to import').setInputFiles(file);
    const report = page.getByRole('region', { name: 'Import report' });
    await expect(report).toContainText('3 filters were imported.');
    await expect(page.getByRole('list', { name: '6 filters' })).toBeVisible();
    await expect(report).toContainText('Everything was carried over.');
    await report.getByRole('button', { name: 'Close the import report' }).click();
    await expect(report).toBeHidden();
  });

  await test.step('brings Gmail filters along, and is told what could not be mapped', async () => {
    await page.getByLabel('Filter file to import').setInputFiles({
      name: 'mailFilters.xml',
      mimeType: 'text/xml',
      buffer: Buffer.from(GMAIL_EXPORT),
    });
    const report = page.getByRole('region', { name: 'Import report' });
    await expect(report).toContainText('2 filters were imported.');
    await expect(report).toContainText('1 thing could not be carried over:');
    await expect(report.getByRole('listitem')).toContainText('smartLabelToApply');
    await expect(page.getByRole('list', { name: '8 filters' })).toBeVisible();
    // The toast waits while the pointer rests on it (it sits over the header's buttons).
    await page.mouse.move(600, 700);
    await expect(page.getByRole('status').filter({ hasText: '2 filters were imported.' })).toBeHidden({
      timeout: 8_000,
    });
    await shot(page, 'filters-import-report-en');
  });

  expect(pageErrors).toEqual([]);
});
