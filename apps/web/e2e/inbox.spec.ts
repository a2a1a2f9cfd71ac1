// Over 300 lines on purpose: the three inbox journeys of JOURNEYS.md (new mail arriving, the list's
// controls, search) share their sign-in and mail set-up helpers.
import { expect, test, type Page } from '@playwright/test';
import { api, apiToken, messageRow, person, shot, signIn, smtpSend, switchLanguage } from './support';

const bell = (page: Page) => page.getByRole('button', { name: /^(알림|Notifications)(, .+)?$/ });
const badge = (page: Page) => page.getByTestId('notification-badge');
const connection = (page: Page) => page.getByTestId('connection-indicator').getByRole('status');

test('New mail arrives while the inbox is open: the row, the counts, the bell and a toast appear without reload.', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const jun = person('jun', '박준');
  const subject = `분기 보고서 초안 ${Date.now()}`;
  const pageErrors: string[] = [];
  page.on('pageerror', (error) => pageErrors.push(error.message));

  await signIn(page, jun);
  await page.getByRole('navigation', { name: '주 메뉴' }).getByRole('link', { name: '받은편지함' }).click();
  await expect(page).toHaveURL(/\/mailbox\/inbox$/);
  await expect(page.getByRole('heading', { level: 1, name: '받은편지함' })).toBeVisible();
  await expect(connection(page)).toHaveText(/연결됨$/, { timeout: 15_000 });
  await expect(page.getByText('전체 0개', { exact: true })).toBeVisible();
  await expect(badge(page)).toHaveCount(0);
  // Marks this document: a reload would lose it.
  await page.evaluate(() => ((globalThis as unknown as { __sameDocument: boolean }).__sameDocument = true));

  await smtpSend({
    from: '"이수진" <sujin@partner.example>',
    to: jun.email,
    subject,
    text: '지난 분기 매출 정리본입니다.\n검토 부탁드립니다.',
  });

  const row = messageRow(page, subject);
  await expect(row).toBeVisible({ timeout: 15_000 });
  await expect(row).toHaveAttribute('data-unread', 'true');
  await expect(row.getByTestId('row-sender')).toHaveText('이수진');
  await expect(row.getByTestId('row-preview')).toContainText(
    '지난 분기 매출 정리본입니다. 검토 부탁드립니다.',
  );
  await expect(page.getByText('전체 1개', { exact: true })).toBeVisible();
  await expect(page.getByText('전체 1개 중 1-1')).toBeVisible();
  await expect(badge(page)).toHaveText('1');
  await expect(bell(page)).toHaveAccessibleName('알림, 읽지 않음 1');
  const toast = page.getByTestId('notification-toast').filter({ hasText: subject });
  await expect(toast).toContainText('이수진님의 새 메일');
  expect(
    await page.evaluate(() => (globalThis as unknown as { __sameDocument?: boolean }).__sameDocument),
  ).toBe(true);
  await shot(page, 'inbox-new-mail-arrives-ko');

  await bell(page).click();
  await expect(
    page.getByRole('region', { name: '알림' }).getByTestId('notification-item').filter({ hasText: subject }),
  ).toHaveAttribute('data-unread', 'true');
  await page.keyboard.press('Escape');
  expect(pageErrors).toEqual([]);
});

test('Sort, filter, page to the end, change page size, select all, act in bulk.', async ({
  page,
  request,
}) => {
  test.setTimeout(240_000);
  const stamp = Date.now();
  const jun = person('jun', '박준');
  const token = await apiToken(request, jun);
  const folder = await api<{ id: number; name: string }>(request, token, 'POST', '/mailboxes', {
    name: `지난 업무 ${stamp}`,
    parentId: null,
  });
  const total = 45;
  const subjectOf = (n: number) => `업무 ${String(n).padStart(2, '0')} ${stamp}`;
  // One after another, so the received order is the numbering; every 15th carries an attachment.
  for (let n = 1; n <= total; n += 1) {
    await smtpSend({
      from: `"거래처 ${n}" <partner${n}@vendor.example>`,
      to: jun.email,
      subject: subjectOf(n),
      text: `${n}번째 업무 메일입니다.`,
      ...(n % 15 === 0 ? { attachments: [{ filename: `견적서-${n}.txt`, content: `견적 ${n}\n` }] } : {}),
    });
  }
  const withAttachment = [15, 30, 45];

  await signIn(page, jun);
  await page.goto('/mailbox/inbox');
  const rows = page.getByTestId('message-row');
  const subjects = rows.getByTestId('row-subject');
  const pager = page.getByRole('navigation', { name: '페이지 이동' });

  await test.step('newest first by default, 20 to a page', async () => {
    await expect(page.getByText(`전체 ${total}개`, { exact: true })).toBeVisible({ timeout: 15_000 });
    await expect(page.getByText(`전체 ${total}개 중 1-20`)).toBeVisible();
    await expect(rows).toHaveCount(20);
    await expect(subjects.first()).toHaveText(subjectOf(45));
    await expect(rows.and(page.locator('[data-unread="true"]'))).toHaveCount(20);
  });

  await test.step('sort by subject ascending, then flip it', async () => {
    await page.getByRole('button', { name: '정렬: 받은 날짜, 내림차순' }).click();
    await page.getByRole('list', { name: '정렬' }).getByRole('button', { name: '제목' }).click();
    await expect(page.getByRole('button', { name: '정렬: 제목, 오름차순' })).toBeVisible();
    await expect(subjects.first()).toHaveText(subjectOf(1));
    await expect(subjects.nth(19)).toHaveText(subjectOf(20));
    await page.getByRole('button', { name: '정렬: 제목, 오름차순' }).click();
    await page.getByRole('list', { name: '정렬' }).getByRole('button', { name: /^제목/ }).click();
    await expect(page.getByRole('button', { name: '정렬: 제목, 내림차순' })).toBeVisible();
    await expect(subjects.first()).toHaveText(subjectOf(45));
  });

  await test.step('filter to mail with attachments, then clear the filter', async () => {
    await page.getByRole('button', { name: '필터', exact: true }).click();
    // The ticks follow the address, which updates a moment after the click.
    await page.getByRole('checkbox', { name: '첨부 파일 있는 메일' }).click();
    await expect(page.getByRole('checkbox', { name: '첨부 파일 있는 메일' })).toBeChecked();
    await expect(page.getByRole('button', { name: '필터 1개 적용됨' })).toBeVisible();
    await expect(rows).toHaveCount(withAttachment.length);
    await expect(subjects).toHaveText(withAttachment.map(subjectOf).reverse());
    await expect(page.getByText(`전체 ${withAttachment.length}개`, { exact: true })).toBeVisible();
    await expect(pager).toHaveCount(0);
    await page.getByRole('button', { name: '필터 해제' }).click();
    await expect(page.getByRole('button', { name: '필터', exact: true })).toBeVisible();
    await expect(rows).toHaveCount(20);
    await expect(page.getByText(`전체 ${total}개`, { exact: true })).toBeVisible();
  });

  await test.step('page to the end with the pager', async () => {
    await pager.getByRole('button', { name: '다음 페이지' }).click();
    await expect(pager.getByRole('button', { name: '2페이지' })).toHaveAttribute('aria-current', 'page');
    await expect(page.getByText(`전체 ${total}개 중 21-40`)).toBeVisible();
    await pager.getByRole('button', { name: '3페이지' }).click();
    await expect(page.getByText(`전체 ${total}개 중 41-45`)).toBeVisible();
    await expect(rows).toHaveCount(5);
    // Subject descending: the last page holds the five lowest numbers.
    await expect(subjects).toHaveText([5, 4, 3, 2, 1].map(subjectOf));
    await expect(pager.getByRole('button', { name: '다음 페이지' })).toBeDisabled();
    await shot(page, 'inbox-last-page-ko');
  });

  await switchLanguage(page, 'en');

  await test.step('in English: change the page size', async () => {
    await expect(page.getByText(`41-45 of ${total}`)).toBeVisible();
    await page.getByLabel('Items per page').selectOption({ label: '50 per page' });
    await expect(rows).toHaveCount(total);
    await expect(page.getByText(`1-${total} of ${total}`)).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Pagination' })).toHaveCount(0);
    await page.getByLabel('Items per page').selectOption({ label: '10 per page' });
    await expect(rows).toHaveCount(10);
    await expect(page.getByText(`1-10 of ${total}`)).toBeVisible();
    await expect(
      page.getByRole('navigation', { name: 'Pagination' }).getByRole('button', { name: 'Page 5' }),
    ).toBeVisible();
  });

  await test.step('select the page, take the offer of the whole folder and mark all read', async () => {
    await page.getByRole('checkbox', { name: 'Select all' }).check();
    await expect(page.getByText('All 10 messages on this page are selected.')).toBeVisible();
    const bulkBar = page.getByRole('region', { name: 'Actions on selected mail' });
    await expect(bulkBar).toContainText('10 selected');
    await page.getByRole('button', { name: `Select all ${total} messages in this list` }).click();
    await expect(page.getByText(`All ${total} messages in this list are selected.`)).toBeVisible();
    await expect(bulkBar).toContainText(`${total} selected`);
    await shot(page, 'inbox-select-all-en');
    await bulkBar.getByRole('button', { name: 'Mark as read' }).click();
    await expect(bulkBar).toBeHidden();
    await expect(rows.and(page.locator('[data-unread="true"]'))).toHaveCount(0);
    // Every page, not just this one: unread only shows nothing.
    await page.getByRole('button', { name: 'Filter', exact: true }).click();
    await page.getByRole('checkbox', { name: 'Unread only' }).click();
    await expect(page.getByRole('checkbox', { name: 'Unread only' })).toBeChecked();
    await expect(rows).toHaveCount(0);
    await page.getByRole('button', { name: 'Clear filters' }).click();
    await expect(rows).toHaveCount(10);
  });

  await test.step('select all again and move the whole folder into another folder', async () => {
    await page.getByRole('checkbox', { name: 'Select all' }).check();
    await page.getByRole('button', { name: `Select all ${total} messages in this list` }).click();
    const bulkBar = page.getByRole('region', { name: 'Actions on selected mail' });
    await bulkBar.getByLabel('Move to…').selectOption({ label: folder.name });
    await expect(page.getByText(`Moved to ${folder.name}: ${total}`)).toBeVisible({ timeout: 15_000 });
    await expect(page.getByText('Total: 0', { exact: true })).toBeVisible();
    await expect(rows).toHaveCount(0);
    await page.getByRole('link', { name: folder.name }).click();
    await expect(page.getByRole('heading', { level: 1, name: folder.name })).toBeVisible();
    await expect(page.getByText(`Total: ${total}`, { exact: true })).toBeVisible();
    // The page size chosen last is remembered in this browser (issue 34): another folder shows 10 too.
    await expect(page.getByText(`1-10 of ${total}`)).toBeVisible();
    await expect(rows).toHaveCount(10);
    await expect(rows.and(page.locator('[data-unread="true"]'))).toHaveCount(0);
    await shot(page, 'folder-after-bulk-move-en');
    await switchLanguage(page, 'ko');
  });
});

test('Search with a two-syllable Korean word, with `from:` and `has:attachment`, and clear it.', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const stamp = Date.now();
  const jun = person('jun', '박준');
  // The account exists from the first sign-in on; mail to an unknown address is refused.
  await apiToken(request, jun);
  const sujin = '"이수진" <sujin@partner.example>';
  const jihoon = '"박지훈" <jihoon@vendor.example>';
  const agenda = `다음 주 회의 안건 ${stamp}`;
  const room = `장소 변경 안내 ${stamp}`;
  const lunch = `점심 메뉴 ${stamp}`;
  const weekly = `주간 보고 ${stamp}`;
  await smtpSend({
    from: sujin,
    to: jun.email,
    subject: agenda,
    text: '안건을 첨부합니다.',
    attachments: [{ filename: '안건.txt', content: '1. 예산\n2. 일정\n' }],
  });
  // 회의 only in the body: the search looks there too.
  await smtpSend({
    from: jihoon,
    to: jun.email,
    subject: room,
    text: '내일 회의는 3층 대회의실에서 합니다.',
  });
  await smtpSend({
    from: sujin,
    to: jun.email,
    subject: lunch,
    text: '오늘은 국수입니다.',
    attachments: [{ filename: '메뉴.txt', content: '국수\n' }],
  });
  await smtpSend({ from: jihoon, to: jun.email, subject: weekly, text: '이번 주 진행 상황입니다.' });

  await signIn(page, jun);
  await page.goto('/mailbox/inbox');
  const rows = page.getByTestId('message-row');
  const subjects = rows.getByTestId('row-subject');
  await expect(rows).toHaveCount(4, { timeout: 15_000 });
  const searchBox = page.getByRole('searchbox', { name: '메일 빠른 검색' });

  await test.step('a two-syllable Korean word from the search box, with Enter, marked in the rows', async () => {
    await searchBox.fill('회의');
    await searchBox.press('Enter');
    await expect(page.getByRole('heading', { level: 1, name: '전체 메일함 검색 결과' })).toBeVisible();
    await expect(page.getByText('"회의" 검색 결과')).toBeVisible();
    await expect(subjects).toHaveText([room, agenda], { timeout: 15_000 });
    await expect(messageRow(page, agenda).getByTestId('search-match').first()).toHaveText('회의');
    await shot(page, 'search-korean-word-ko');
  });

  await test.step('operators in the box: from:, has:attachment, -exclusion, OR', async () => {
    const search = async (query: string, expected: string[]) => {
      await searchBox.fill(query);
      await searchBox.press('Enter');
      await expect(page.getByText(`"${query}" 검색 결과`)).toBeVisible();
      await expect(subjects).toHaveText(expected, { timeout: 15_000 });
    };
    await search('회의 from:sujin@partner.example', [agenda]);
    await search('from:이수진 has:attachment', [lunch, agenda]);
    await expect(rows.getByTitle('첨부 파일')).toHaveCount(2);
    await shot(page, 'search-from-attachment-ko');
    await search(`from:이수진 -점심 ${stamp}`, [agenda]);
    await search(`{점심 주간} ${stamp}`, [weekly, lunch]);
    await search(`"장소 변경"`, [room]);
  });

  await test.step('a query that cannot be read is explained, and the results stay', async () => {
    await searchBox.fill('견적 after:2026-13-01');
    await searchBox.press('Enter');
    await expect(page.getByRole('alert')).toHaveText(
      '날짜를 읽을 수 없습니다: 2026-13-01 (예: 2026-01-31 또는 2026/01/31)',
    );
    await expect(subjects).toHaveText([room]);
    await shot(page, 'search-bad-query-ko');
  });

  await test.step('the advanced search shows the query as fields and writes it back into the box', async () => {
    await searchBox.fill('회의 from:sujin@partner.example');
    await searchBox.press('Enter');
    await expect(subjects).toHaveText([agenda], { timeout: 15_000 });
    await page.getByRole('button', { name: '상세 검색' }).click();
    const dialog = page.getByRole('dialog', { name: '상세 검색' });
    await expect(dialog.getByLabel('검색어')).toHaveValue('회의');
    await expect(dialog.getByLabel('보낸 사람')).toHaveValue('sujin@partner.example');
    await dialog.getByLabel('보낸 사람').fill('박지훈');
    await dialog.getByRole('button', { name: '검색', exact: true }).click();
    await expect(dialog).toBeHidden();
    await expect(searchBox).toHaveValue('회의 from:박지훈');
    await expect(subjects).toHaveText([room], { timeout: 15_000 });
  });

  await test.step('clear the search: the inbox is back, the box is empty', async () => {
    await page.getByRole('button', { name: '검색 해제' }).click();
    await expect(page.getByRole('heading', { level: 1, name: '받은편지함' })).toBeVisible();
    await expect(subjects).toHaveText([weekly, lunch, room, agenda]);
    await expect(searchBox).toHaveValue('');
    await expect(page.getByText('전체 4개', { exact: true })).toBeVisible();
  });
});
