import { expect, test, type Page } from '@playwright/test';
import { startServer, stopServer } from './server-control';
import { api, apiToken, messageRow, person, shot, signIn, switchLanguage, type Person } from './support';

/*
 * Issue 36: undo send and send later, one mechanism on the server. The e2e server sends at once by
 * default (UNDO_SEND_DEFAULT_SECONDS=0, global-setup.ts); these journeys choose the delay on the
 * settings page, as a person would.
 */

interface Page0 {
  content: Array<{ subject: string }>;
}

/** Waits until the person's inbox (through the API) holds a mail with this subject. */
async function arrives(page: Page, token: string, subject: string, timeout: number) {
  await expect(async () => {
    const inbox = await api<Page0>(page.request, token, 'GET', '/messages?mailboxType=INBOX&size=100');
    expect(inbox.content.map((m) => m.subject)).toContain(subject);
  }).toPass({ timeout, intervals: [1_000] });
}

async function inboxSubjects(page: Page, token: string): Promise<string[]> {
  const inbox = await api<Page0>(page.request, token, 'GET', '/messages?mailboxType=INBOX&size=100');
  return inbox.content.map((m) => m.subject);
}

async function writeTo(page: Page, who: Person, subject: string, body: string) {
  await page.getByRole('complementary').getByRole('link', { name: '메일 쓰기', exact: true }).click();
  await expect(page).toHaveURL(/\/compose$/);
  const to = page.getByLabel('받는 사람', { exact: true });
  await to.click();
  await page.keyboard.type(`${who.name} <${who.email}>`);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('button', { name: `${who.name} <${who.email}> 삭제` })).toBeVisible();
  await page.getByLabel('제목', { exact: true }).fill(subject);
  await page.getByLabel('내용', { exact: true }).fill(body);
}

test('Send, then undo within the delay: the composer comes back as it was and nothing is delivered.', async ({
  page,
}) => {
  test.setTimeout(150_000);
  const stamp = Date.now();
  const minji = person('minji', '김민지');
  const jun = person('jun', '박준');
  const junToken = await apiToken(page.request, jun);
  const subject = `분기 보고 ${stamp}`;
  const body = '첨부한 보고서를 확인해 주세요.\n\n김민지 드림';

  await signIn(page, minji);
  await test.step('the undo delay is chosen on the settings page: 10 seconds', async () => {
    await page.getByRole('complementary').getByRole('link', { name: '설정', exact: true }).click();
    await expect(page).toHaveURL(/\/settings$/);
    // The choices are buttons-like labels around their radios.
    await page
      .locator('label')
      .filter({ hasText: /^10초$/ })
      .click();
    await expect(page.getByRole('radio', { name: '10초' })).toBeChecked();
    await expect(page.getByText('설정을 저장했습니다.')).toBeVisible();
    await page.reload();
    await expect(page.getByRole('radio', { name: '10초' })).toBeChecked();
  });

  await test.step('write a mail with a file and send it: "Sending… Undo" shows', async () => {
    await writeTo(page, jun, subject, body);
    await page.getByLabel('첨부할 파일').setInputFiles({
      name: '보고서.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from('1분기 매출\n'),
    });
    await expect(page.getByRole('list', { name: '첨부된 파일' }).getByRole('listitem')).toHaveText(
      [/보고서\.txt/],
      {
        timeout: 15_000,
      },
    );
    await page.getByRole('button', { name: '보내기', exact: true }).click();
    await expect(page.getByText('보내는 중…')).toBeVisible();
    await shot(page, 'undo-send-toast-ko');
  });

  await test.step('Undo brings the composer back as it was', async () => {
    await page.getByRole('button', { name: '실행 취소' }).click();
    await expect(page).toHaveURL(/\/compose\?draftId=\d+$/);
    await expect(page.getByRole('button', { name: `${jun.name} <${jun.email}> 삭제` })).toBeVisible();
    await expect(page.getByLabel('제목', { exact: true })).toHaveValue(subject);
    await expect(page.getByLabel('내용', { exact: true })).toHaveValue(body);
    await expect(page.getByRole('list', { name: '첨부된 파일' }).getByRole('listitem')).toHaveText([
      /보고서\.txt/,
    ]);
    await shot(page, 'undo-send-restored-ko');
  });

  await test.step('nothing is delivered: a mail sent after it, held as long, arrives alone', async () => {
    const later = `다음 메일 ${stamp}`;
    const minjiToken = await apiToken(page.request, minji);
    await api(page.request, minjiToken, 'POST', '/messages', {
      toAddresses: [jun.email],
      subject: later,
      bodyText: '이 메일은 도착합니다.',
    });
    await arrives(page, junToken, later, 60_000);
    // Letting the delay pass delivers once; the undone mail, never.
    expect((await inboxSubjects(page, junToken)).filter((s) => s === later)).toHaveLength(1);
    expect(await inboxSubjects(page, junToken)).not.toContain(subject);
    // The undone mail is Minji's draft again, not in Scheduled or Sent.
    const drafts = await api<Page0>(page.request, minjiToken, 'GET', '/messages?mailboxType=DRAFTS&size=50');
    expect(drafts.content.map((m) => m.subject)).toContain(subject);
    const sent = await api<Page0>(page.request, minjiToken, 'GET', '/messages?mailboxType=SENT&size=50');
    expect(sent.content.map((m) => m.subject)).not.toContain(subject);
  });

  await test.step('in English on a phone: "Sending… Undo", and Undo brings the mail back', async () => {
    await switchLanguage(page, 'en');
    await page.setViewportSize({ width: 390, height: 844 });
    const english = `Quarterly report ${stamp}`;
    await page.goto('/compose');
    await page.getByLabel('To', { exact: true }).click();
    await page.keyboard.type(`${jun.name} <${jun.email}>`);
    await page.keyboard.press('Enter');
    await page.getByLabel('Subject', { exact: true }).fill(english);
    await page.getByLabel('Message', { exact: true }).fill('Please see the numbers.');
    await page.getByRole('button', { name: 'Send', exact: true }).click();
    await expect(page.getByText('Sending…')).toBeVisible();
    await shot(page, 'undo-send-toast-en-390');
    await page.getByRole('button', { name: 'Undo', exact: true }).click();
    await expect(page).toHaveURL(/\/compose\?draftId=\d+$/);
    await expect(page.getByLabel('Subject', { exact: true })).toHaveValue(english);
    await expect(page.getByRole('button', { name: `Remove ${jun.name} <${jun.email}>` })).toBeVisible();
  });
});

test('Schedule a mail for later; it arrives at its time even after a server restart.', async ({ page }) => {
  test.setTimeout(300_000);
  const stamp = Date.now();
  const minji = person('minji', '김민지');
  const jun = person('jun', '박준');
  const junToken = await apiToken(page.request, jun);
  const subject = `예약 메일 ${stamp}`;

  await signIn(page, minji);
  await writeTo(page, jun, subject, '정해진 시간에 도착해야 하는 메일입니다.');

  // A whole minute at least 40 s ahead, in the browser's zone (the picker's precision).
  const when = await page.evaluate(() => {
    const at = new Date(Date.now() + 40_000);
    at.setSeconds(0, 0);
    at.setMinutes(at.getMinutes() + 1);
    const pad = (n: number) => String(n).padStart(2, '0');
    return {
      value: `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}T${pad(at.getHours())}:${pad(at.getMinutes())}`,
      epoch: at.getTime(),
    };
  });

  await test.step('Send later: the quick choices, and a date and time', async () => {
    await page.getByRole('button', { name: '나중에 보내기' }).click();
    await expect(page.getByRole('menuitem', { name: /^내일 아침 \(/ })).toBeVisible();
    await expect(page.getByRole('menuitem', { name: /^월요일 아침 \(/ })).toBeVisible();
    await page.getByRole('menuitem', { name: '날짜와 시간 선택…' }).click();
    const dialog = page.getByRole('dialog', { name: '보낼 날짜와 시간' });
    await dialog.getByLabel('날짜와 시간').fill('2020-01-01T08:00');
    await dialog.getByRole('button', { name: '예약' }).click();
    await expect(dialog.getByText('예약 시간은 지금보다 뒤여야 합니다.')).toBeVisible();
    await dialog.getByLabel('날짜와 시간').fill(when.value);
    await dialog.getByRole('button', { name: '예약' }).click();
    await expect(page).toHaveURL(/\/mailbox\/scheduled/);
    await expect(page.getByText(/에 보내도록 예약했습니다\.$/)).toBeVisible();
    await expect(messageRow(page, subject)).toBeVisible();
    await shot(page, 'scheduled-folder-ko');
  });

  await test.step('the server restarts before the time; the mail has not gone', async () => {
    await stopServer();
    await startServer();
    if (Date.now() < when.epoch - 2_000) expect(await inboxSubjects(page, junToken)).not.toContain(subject);
  });

  await test.step('it arrives at its time, once, and is in Sent, not Scheduled', async () => {
    await arrives(page, junToken, subject, when.epoch - Date.now() + 60_000);
    expect(Date.now()).toBeGreaterThanOrEqual(when.epoch);
    expect((await inboxSubjects(page, junToken)).filter((s) => s === subject)).toHaveLength(1);
    await page.goto('/mailbox/sent');
    await expect(messageRow(page, subject)).toBeVisible();
    await page.goto('/mailbox/scheduled');
    await expect(page.getByRole('heading', { name: '예약됨' })).toBeVisible();
    await expect(messageRow(page, subject)).toHaveCount(0);
  });

  await test.step('in English on a phone: tomorrow morning, then open it from Scheduled and cancel', async () => {
    await switchLanguage(page, 'en');
    await page.setViewportSize({ width: 390, height: 844 });
    const english = `Board minutes ${stamp}`;
    await page.goto('/compose');
    await page.getByLabel('To', { exact: true }).click();
    await page.keyboard.type(jun.email);
    await page.keyboard.press('Enter');
    await page.getByLabel('Subject', { exact: true }).fill(english);
    await page.getByLabel('Message', { exact: true }).fill('For tomorrow.');
    await page.getByRole('button', { name: 'Send later' }).click();
    await expect(page.getByRole('menuitem', { name: /^Monday morning \(/ })).toBeVisible();
    await page.getByRole('menuitem', { name: /^Tomorrow morning \(/ }).click();
    await expect(page).toHaveURL(/\/mailbox\/scheduled/);
    await expect(page.getByText(/^Scheduled for .+ at 8:00 AM\.$/)).toBeVisible();
    await messageRow(page, english).getByRole('link').first().click();
    await expect(page).toHaveURL(/\/compose\?draftId=\d+$/);
    const banner = page.getByRole('status').filter({ hasText: 'This mail is scheduled for' });
    await expect(banner).toContainText('8:00 AM');
    await shot(page, 'scheduled-open-en-390');
    await banner.getByRole('button', { name: 'Cancel send' }).click();
    await expect(page.getByText('Scheduled send cancelled. The mail is in Drafts.')).toBeVisible();
    await expect(banner).toHaveCount(0);
    await expect(page.getByLabel('Subject', { exact: true })).toHaveValue(english);
  });
});
