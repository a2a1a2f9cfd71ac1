// Over 300 lines on purpose: one journey of two people's mail, step by step (write, arrive, read,
// reply, search, star, file, delete, drafts, paging), with the helpers it uses beside it.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  expect,
  request as playwrightRequest,
  test,
  type Browser,
  type Locator,
  type Page,
} from '@playwright/test';

const screenshotDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../test-results');
const shot = (page: Page, name: string) =>
  page.screenshot({ path: path.join(screenshotDir, name), fullPage: true });

test.use({ baseURL: process.env.E2E_BASE_URL });

const stamp = Date.now();
const minji = { email: `minji.${stamp}@postline.local`, name: '김민지' };
const jun = { email: `jun.${stamp}@postline.local`, name: '이준' };
const subject = `프로젝트 회의 일정 안내 ${stamp}`;
const body =
  '안녕하세요, 준 님.\n\n다음 주 화요일 오후 3시에 회의를 하려고 합니다.\n참석 가능하신지 알려 주세요.';

interface Person {
  email: string;
  name: string;
}

/** A browser context per person, signed in through the mock login form. */
async function signIn(browser: Browser, person: Person): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  page.on('pageerror', (error) => {
    throw error;
  });
  await page.goto('/login');
  await page.getByLabel('이메일').fill(person.email);
  await page.getByLabel('이름').fill(person.name);
  await page.getByRole('button', { name: '로그인', exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  return page;
}

/** The row of a message in the open list, found by its subject. */
function row(page: Page, text: string | RegExp): Locator {
  return page
    .getByTestId('message-row')
    .filter({ has: page.getByTestId('row-subject').getByText(text, { exact: true }) });
}

/** New mail should show by itself (real-time); if the push is late, a reload must show it. */
async function expectArrived(page: Page, locator: Locator) {
  try {
    await expect(locator).toBeVisible({ timeout: 4_000 });
  } catch {
    console.log('new mail did not show by itself within 4 s; reloading');
    await page.reload();
    await expect(locator).toBeVisible();
  }
}

async function tokenOf(page: Page): Promise<string> {
  // A string expression: this file is type-checked without the DOM library.
  const raw = await page.evaluate<string | null>("localStorage.getItem('auth-storage')");
  const stored = JSON.parse(raw ?? '{}') as { state?: { token?: string } };
  return stored.state?.token ?? '';
}

async function waitForToastsToGo(page: Page) {
  await expect(page.locator('[role="status"][aria-live]').filter({ hasText: /\S/ })).toHaveCount(0, {
    timeout: 8_000,
  });
}

test('Start a mail, leave, come back to the draft; leave with unsaved changes and be asked.', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const minjiPage = await signIn(browser, minji);
  const junPage = await signIn(browser, jun);

  await test.step('Jun watches his inbox', async () => {
    await junPage
      .getByRole('navigation', { name: '주 메뉴' })
      .getByRole('link', { name: /받은편지함/ })
      .click();
    await expect(junPage.getByRole('heading', { level: 1, name: '받은편지함' })).toBeVisible();
  });

  await test.step('Minji writes to Jun with a Korean subject', async () => {
    await minjiPage.goto('/compose');
    await minjiPage.getByLabel('받는 사람').fill(jun.email);
    await minjiPage.getByLabel('받는 사람').press('Enter');
    await minjiPage.getByLabel('제목').fill(subject);
    await minjiPage.getByLabel('내용', { exact: true }).fill(body);
    await shot(minjiPage, 'compose-ko.png');
    await minjiPage.getByRole('button', { name: '보내기', exact: true }).click();
    await expect(minjiPage.getByText('메일을 보냈습니다.')).toBeVisible();
    await expect(minjiPage).toHaveURL(/\/mailbox\/sent$/);
    await expect(row(minjiPage, subject)).toContainText(`받는 사람: ${jun.email}`);
  });

  await test.step('Jun sees it at once, unread, and counted on the dashboard', async () => {
    const arrived = row(junPage, subject);
    await expectArrived(junPage, arrived);
    await expect(arrived).toHaveAttribute('data-unread', 'true');
    await expect(arrived.getByTestId('row-sender')).toHaveText(minji.name);
    await shot(junPage, 'inbox-ko.png');

    await junPage.goto('/dashboard');
    await expect(junPage.getByTestId('stat-unread')).not.toContainText(/\b0\b/);
    const recent = junPage.getByTestId('recent-message').filter({ hasText: subject });
    await expect(recent).toBeVisible();
    await shot(junPage, 'dashboard-mail-ko.png');
    await recent.click();
    await expect(junPage).toHaveURL(/\/message\/\d+$/);
  });

  await test.step('opening it shows the message and marks it read', async () => {
    await expect(junPage.getByRole('heading', { level: 1, name: subject })).toBeVisible();
    await expect(junPage.getByTestId('meta-from')).toContainText(minji.email);
    await expect(junPage.getByTestId('message-body')).toHaveText(body);
    await expect(junPage.getByTestId('meta-cc')).toHaveCount(0);
    await shot(junPage, 'message-ko.png');
    await junPage.getByRole('button', { name: '뒤로' }).click();
    await junPage.goto('/mailbox/inbox');
    await expect(row(junPage, subject)).not.toHaveAttribute('data-unread');
  });

  await test.step('Jun replies and Minji receives "Re: …"', async () => {
    await row(junPage, subject).getByRole('link').click();
    await junPage.getByRole('button', { name: '답장', exact: true }).click();
    const dialog = junPage.getByRole('dialog', { name: '답장' });
    await expect(dialog.getByLabel('제목')).toHaveValue(`Re: ${subject}`);
    await dialog.getByLabel('내용').fill('네, 참석하겠습니다.');
    await dialog.getByRole('button', { name: '보내기', exact: true }).click();
    // Sent, Jun stays on the message he answered (issue 34); the reply is in Sent.
    await expect(junPage.getByText('답장을 보냈습니다.')).toBeVisible();
    await expect(junPage).toHaveURL(/\/message\/\d+$/);
    await junPage.goto('/mailbox/sent');
    await expect(row(junPage, `Re: ${subject}`)).toBeVisible();

    await minjiPage.goto('/mailbox/inbox');
    await expectArrived(minjiPage, row(minjiPage, `Re: ${subject}`));
    await expect(row(minjiPage, `Re: ${subject}`)).toHaveAttribute('data-unread', 'true');
  });

  await test.step('Jun finds it by a Korean word', async () => {
    await junPage.goto('/mailbox/inbox');
    await junPage.getByRole('searchbox', { name: '메일 빠른 검색' }).fill('회의 일정');
    await junPage.getByRole('searchbox', { name: '메일 빠른 검색' }).press('Enter');
    await expect(junPage.getByText('"회의 일정" 검색 결과')).toBeVisible();
    await expect(row(junPage, subject)).toBeVisible();
    await junPage.getByRole('searchbox', { name: '메일 빠른 검색' }).fill('존재하지않는단어');
    await junPage.getByRole('searchbox', { name: '메일 빠른 검색' }).press('Enter');
    await expect(junPage.getByText('검색 결과가 없습니다.')).toBeVisible();
    await junPage.getByRole('button', { name: '검색 해제' }).click();
    await expect(row(junPage, subject)).toBeVisible();

    await junPage.getByRole('button', { name: '상세 검색' }).click();
    const advanced = junPage.getByRole('dialog', { name: '상세 검색' });
    await advanced.getByLabel('보낸 사람').fill(minji.email);
    await advanced.getByLabel('별표').check();
    await shot(junPage, 'advanced-search-ko.png');
    await advanced.getByLabel('별표').uncheck();
    await advanced.getByRole('button', { name: '검색' }).click();
    // The modal wrote its fields as a query into the search box, where it shows as typed.
    await expect(junPage.getByText(`"from:${minji.email}" 검색 결과`)).toBeVisible();
    await expect(junPage.getByRole('searchbox', { name: '메일 빠른 검색' })).toHaveValue(
      `from:${minji.email}`,
    );
    await expect(row(junPage, subject)).toBeVisible();
    await junPage.getByRole('button', { name: '검색 해제' }).click();
  });

  await test.step('he stars it and finds it among starred mail', async () => {
    await row(junPage, subject).getByRole('button', { name: '별표 표시' }).click();
    await expect(row(junPage, subject).getByRole('button', { name: '별표 해제' })).toBeVisible();
    await junPage
      .getByRole('navigation', { name: '다른 메일함' })
      .getByRole('link', { name: '별표편지함' })
      .click();
    await expect(junPage.getByRole('heading', { level: 1, name: '별표편지함' })).toBeVisible();
    await expect(row(junPage, subject)).toBeVisible();
  });

  await test.step('he makes a folder of his own and moves the mail there', async () => {
    await junPage.getByRole('button', { name: '새 메일함', exact: true }).click();
    await junPage.getByRole('dialog', { name: '새 메일함' }).getByLabel('메일함 이름').fill('프로젝트 보관');
    await junPage.getByRole('dialog', { name: '새 메일함' }).getByRole('button', { name: '만들기' }).click();
    await expect(junPage.getByRole('heading', { level: 1, name: '프로젝트 보관' })).toBeVisible();
    await expect(junPage).toHaveURL(/\/mailbox\/folder-\d+$/);
    await expect(junPage.getByText('메일함이 비어 있습니다.')).toBeVisible();

    await junPage.goto('/mailbox/inbox');
    await row(junPage, subject).getByRole('checkbox').check();
    await expect(junPage.getByText('1개 선택됨')).toBeVisible();
    await shot(junPage, 'bulk-bar-ko.png');
    await junPage.getByLabel('메일함으로 이동…').selectOption({ label: '프로젝트 보관' });
    await expect(row(junPage, subject)).toHaveCount(0);
    await expect(junPage.getByText(/선택됨/)).toHaveCount(0);
    await junPage
      .getByRole('navigation', { name: '내 메일함' })
      .getByRole('link', { name: '프로젝트 보관' })
      .click();
    await expect(row(junPage, subject)).toBeVisible();
  });

  await test.step('he deletes it to the trash and empties the trash', async () => {
    await row(junPage, subject).getByRole('checkbox').check();
    await junPage
      .getByRole('region', { name: '선택한 메일 작업' })
      .getByRole('button', { name: '삭제' })
      .click();
    await junPage.getByRole('alertdialog').getByRole('button', { name: '삭제' }).click();
    await expect(row(junPage, subject)).toHaveCount(0);

    await junPage
      .getByRole('navigation', { name: '주 메뉴' })
      .getByRole('link', { name: /휴지통/ })
      .click();
    await expect(row(junPage, subject)).toBeVisible();
    await junPage.getByRole('button', { name: '휴지통 비우기' }).click();
    await junPage.getByRole('alertdialog').getByRole('button', { name: '휴지통 비우기' }).click();
    await expect(junPage.getByText('메일함이 비어 있습니다.')).toBeVisible();
  });

  await test.step('a mail left alone saves itself: Minji leaves unasked and finds it in Drafts', async () => {
    await minjiPage.goto('/compose');
    await minjiPage.getByLabel('제목').fill('스스로 저장되는 메일');
    await minjiPage.getByLabel('내용', { exact: true }).fill('잠시 뒤에 이어서 씁니다.');
    await expect(minjiPage.getByTestId('draft-status')).toHaveText(/임시 저장됨/, { timeout: 15_000 });
    await minjiPage
      .getByRole('navigation', { name: '주 메뉴' })
      .getByRole('link', { name: /임시보관함/ })
      .click();
    await expect(minjiPage.getByRole('alertdialog')).toHaveCount(0);
    await row(minjiPage, '스스로 저장되는 메일').getByRole('link').click();
    await expect(minjiPage.getByLabel('내용', { exact: true })).toHaveValue('잠시 뒤에 이어서 씁니다.');
    await expect(minjiPage).toHaveURL(/\/compose\?draftId=\d+$/);
  });

  await test.step('Minji is asked before leaving unsaved work, saves a draft and continues it', async () => {
    await minjiPage.goto('/compose');
    await minjiPage.getByLabel('제목').fill('답장 초안');
    const sidebar = minjiPage.getByRole('navigation', { name: '주 메뉴' });
    await sidebar.getByRole('link', { name: /받은편지함/ }).click();
    const leave = minjiPage.getByRole('alertdialog', { name: /저장하지 않은 변경 사항이 있습니다/ });
    await leave.getByRole('button', { name: '계속 쓰기' }).click();
    await expect(minjiPage).toHaveURL(/\/compose$/);

    await minjiPage.getByLabel('내용', { exact: true }).fill('목요일 오전은 어떠세요?');
    await minjiPage.getByRole('button', { name: '임시 저장' }).click();
    await expect(minjiPage.getByText('임시 저장했습니다.')).toBeVisible();
    await expect(minjiPage).toHaveURL(/\/compose\?draftId=\d+$/);

    await sidebar.getByRole('link', { name: /임시보관함/ }).click();
    await expect(minjiPage.getByRole('heading', { level: 1, name: '임시보관함' })).toBeVisible();
    await row(minjiPage, '답장 초안').getByRole('link').click();
    await expect(minjiPage).toHaveURL(/\/compose\?draftId=\d+$/);
    await expect(minjiPage.getByLabel('제목')).toHaveValue('답장 초안');
    await expect(minjiPage.getByLabel('내용', { exact: true })).toHaveValue('목요일 오전은 어떠세요?');
    await minjiPage.getByRole('button', { name: '취소' }).click();
    await minjiPage.getByRole('alertdialog').getByRole('button', { name: '작성 취소' }).click();
    await expect(minjiPage).toHaveURL(/\/mailbox\/drafts$/);
  });

  await test.step('45 more messages page by 20 and by 50 on the server', async () => {
    const api = await playwrightRequest.newContext({
      baseURL: process.env.E2E_BASE_URL,
      extraHTTPHeaders: { Authorization: `Bearer ${await tokenOf(minjiPage)}` },
    });
    for (let i = 1; i <= 45; i += 1) {
      const response = await api.post('/api/v1/messages', {
        data: {
          toAddresses: [jun.email],
          subject: `주간 보고 ${String(i).padStart(2, '0')}`,
          bodyText: `보고 ${i}`,
        },
      });
      expect(response.ok()).toBe(true);
    }
    await api.dispose();

    await junPage.goto('/mailbox/inbox');
    const subtitle = junPage.getByText(/^전체 \d+개$/);
    await expect(subtitle).toBeVisible();
    const total = Number((await subtitle.textContent())?.match(/\d+/)?.[0]);
    expect(total).toBeGreaterThanOrEqual(45);
    await expect(junPage.getByTestId('message-row')).toHaveCount(20);
    await expect(junPage.getByText(`전체 ${total}개 중 1-20`)).toBeVisible();
    await expect(row(junPage, '주간 보고 45')).toBeVisible();

    await junPage.getByRole('button', { name: '2페이지' }).click();
    await expect(junPage).toHaveURL(/page=2/);
    await expect(junPage.getByText(`전체 ${total}개 중 21-40`)).toBeVisible();
    await expect(row(junPage, '주간 보고 25')).toBeVisible();
    await expect(row(junPage, '주간 보고 45')).toHaveCount(0);

    await junPage.getByRole('button', { name: '3페이지' }).click();
    await expect(junPage.getByText(`전체 ${total}개 중 41-${Math.min(60, total)}`)).toBeVisible();
    await expect(junPage.getByTestId('message-row')).toHaveCount(Math.min(20, total - 40));

    await junPage.getByLabel('페이지당 개수').selectOption('50');
    await expect(junPage).toHaveURL(/size=50/);
    await expect(junPage.getByText(`전체 ${total}개 중 1-${Math.min(50, total)}`)).toBeVisible();
    await expect(junPage.getByTestId('message-row')).toHaveCount(Math.min(50, total));
    if (total > 50) {
      await junPage.getByRole('button', { name: '2페이지' }).click();
      await expect(junPage.getByTestId('message-row')).toHaveCount(total - 50);
    }
  });

  await test.step('screenshots of the inbox and the message view in English', async () => {
    await junPage.goto('/mailbox/inbox');
    await junPage.getByRole('group', { name: '언어' }).getByRole('button', { name: 'English' }).click();
    await expect(junPage.getByRole('heading', { level: 1, name: 'Inbox' })).toBeVisible();
    await expect(junPage.getByTestId('message-row').first()).toBeVisible();
    await waitForToastsToGo(junPage);
    await shot(junPage, 'inbox-en.png');

    await minjiPage.goto('/mailbox/inbox');
    await minjiPage.getByRole('group', { name: '언어' }).getByRole('button', { name: 'English' }).click();
    await row(minjiPage, `Re: ${subject}`).getByRole('link').click();
    await expect(minjiPage.getByRole('heading', { level: 1, name: `Re: ${subject}` })).toBeVisible();
    await shot(minjiPage, 'message-en.png');
  });

  await minjiPage.context().close();
  await junPage.context().close();
});
