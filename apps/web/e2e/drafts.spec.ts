import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { api, apiToken, person, shot, signIn, switchLanguage, type Person } from './support';

/* Issue 34, group 1: nothing a person types is ever lost. */

test.use({ baseURL: process.env.E2E_BASE_URL });

interface Listed {
  content: { id: number; subject: string }[];
  totalElements: number;
}

/** A mail from `from` to `to`, sent through the API; answers the id of the recipient's copy. */
async function mailBetween(
  request: APIRequestContext,
  from: Person,
  to: Person,
  subject: string,
  body: string,
) {
  const fromToken = await apiToken(request, from);
  const toToken = await apiToken(request, to);
  await api(request, fromToken, 'POST', '/messages', { toAddresses: [to.email], subject, bodyText: body });
  let id = 0;
  await expect(async () => {
    const inbox = await api<Listed>(request, toToken, 'GET', '/messages?mailboxType=INBOX&size=100');
    id = inbox.content.find((message) => message.subject === subject)?.id ?? 0;
    expect(id).toBeGreaterThan(0);
  }).toPass({ timeout: 15_000 });
  return id;
}

/** The body of the mail `subject` once it is in `who`'s inbox. */
async function arrivedBody(request: APIRequestContext, who: Person, subject: string): Promise<string> {
  const token = await apiToken(request, who);
  let id = 0;
  await expect(async () => {
    const inbox = await api<Listed>(request, token, 'GET', '/messages?mailboxType=INBOX&size=100');
    id = inbox.content.find((message) => message.subject === subject)?.id ?? 0;
    expect(id).toBeGreaterThan(0);
  }).toPass({ timeout: 15_000 });
  return (await api<{ bodyText: string }>(request, token, 'GET', `/messages/${id}`)).bodyText.replace(
    /\r\n/g,
    '\n',
  );
}

async function draftsOf(request: APIRequestContext, who: Person): Promise<Listed> {
  return api<Listed>(request, await apiToken(request, who), 'GET', '/messages?mailboxType=DRAFTS&size=100');
}

/** The access token the page holds, as the app keeps it. */
async function pageToken(page: Page): Promise<string> {
  const raw = await page.evaluate<string | null>("localStorage.getItem('auth-storage')");
  return (JSON.parse(raw ?? '{}') as { state?: { token?: string } }).state?.token ?? '';
}

test('Type in a reply, press Escape, choose to keep writing, reload: the text is still there.', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const sender = person('haneul', '최하늘');
  const me = person('dohyun', '강도현');
  const subject = `워크숍 장소 ${Date.now()}`;
  const id = await mailBetween(
    request,
    sender,
    me,
    subject,
    '워크숍 장소를 정해 주세요.\n후보는 두 곳입니다.',
  );
  // A reload asks "leave this page?" while there are unsaved changes: the person says yes.
  page.on('dialog', (dialog) => void dialog.accept());
  await signIn(page, me);
  await page.goto(`/message/${id}`);
  await expect(page.getByRole('heading', { level: 1, name: subject })).toBeVisible();

  const typed = '강남역 회의실이 좋겠습니다.';
  await test.step('type a reply above the quote and press Escape', async () => {
    await page.getByRole('button', { name: '답장', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: '답장' });
    const body = dialog.getByLabel('내용', { exact: true });
    await expect(body).toBeFocused();
    await body.pressSequentially(typed);
    await shot(page, 'reply-dialog-ko-1280');
    await page.keyboard.press('Escape');
  });

  await test.step('asked, the person keeps writing: the dialog and the text stay', async () => {
    const ask = page.getByRole('alertdialog', { name: '저장하지 않은 변경 사항이 있습니다' });
    await expect(ask.getByRole('button', { name: '임시 저장' })).toBeVisible();
    await expect(ask.getByRole('button', { name: '버리기' })).toBeVisible();
    await shot(page, 'reply-escape-ask-ko-1280');
    await ask.getByRole('button', { name: '계속 쓰기' }).click();
    await expect(ask).toBeHidden();
    await expect(page.getByRole('dialog', { name: '답장' }).getByLabel('내용', { exact: true })).toHaveValue(
      new RegExp(`^${typed}\\n\\n`),
    );
  });

  await test.step('reload: the reply opens again with the text', async () => {
    await page.reload();
    const dialog = page.getByRole('dialog', { name: '답장' });
    await expect(dialog.getByLabel('내용', { exact: true })).toHaveValue(new RegExp(`^${typed}\\n\\n`), {
      timeout: 15_000,
    });
    // Saved by itself, before the reload or after it: one reply draft, on the server.
    await expect
      .poll(async () => (await draftsOf(request, me)).content.map((draft) => draft.subject), {
        timeout: 15_000,
      })
      .toEqual([`Re: ${subject}`]);
  });

  await test.step('send it: the person stays on the message, the sender has it, no draft is left', async () => {
    await page
      .getByRole('dialog', { name: '답장' })
      .getByRole('button', { name: '보내기', exact: true })
      .click();
    await expect(page.getByText('답장을 보냈습니다.')).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/message/${id}$`));
    await expect(page.getByRole('dialog')).toHaveCount(0);
    expect(await arrivedBody(request, sender, `Re: ${subject}`)).toMatch(new RegExp(`^${typed}\\n`));
    expect((await draftsOf(request, me)).totalElements).toBe(0);
  });

  await test.step('the same dialog on a phone, in English', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await switchLanguage(page, 'en');
    await page.getByRole('button', { name: 'Forward', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Forward' });
    await expect(dialog.getByLabel('To', { exact: true })).toBeVisible();
    await dialog.getByLabel('Message', { exact: true }).pressSequentially('FYI');
    await shot(page, 'forward-dialog-en-390');
    await page.keyboard.press('Escape');
    const ask = page.getByRole('alertdialog', { name: 'You have unsaved changes' });
    await shot(page, 'forward-escape-ask-en-390');
    await ask.getByRole('button', { name: 'Discard' }).click();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    expect((await draftsOf(request, me)).totalElements).toBe(0);
    await switchLanguage(page, 'ko');
    await page.getByRole('button', { name: '답장', exact: true }).click();
    await expect(
      page.getByRole('dialog', { name: '답장' }).getByLabel('내용', { exact: true }),
    ).toBeFocused();
    await shot(page, 'reply-dialog-ko-390');
    await page.getByRole('dialog', { name: '답장' }).getByRole('button', { name: '취소' }).click();
  });

  await test.step('saved by itself, a reply closes without a question and waits as a draft', async () => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await switchLanguage(page, 'en');
    await page.getByRole('button', { name: 'Reply', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Reply' });
    await dialog
      .getByLabel('Message', { exact: true })
      .pressSequentially('One more thing: bring the slides.');
    await expect(dialog.getByTestId('draft-status')).toHaveText(/^Draft saved/, { timeout: 15_000 });
    await shot(page, 'reply-saved-en-1280');
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(page.getByRole('alertdialog')).toHaveCount(0);
    expect((await draftsOf(request, me)).content.map((draft) => draft.subject)).toEqual([`Re: ${subject}`]);
    // Reply again: the same draft, not a second one.
    await page.getByRole('button', { name: 'Reply', exact: true }).click();
    await expect(dialog.getByLabel('Message', { exact: true })).toHaveValue(
      /^One more thing: bring the slides\./,
    );
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
    await switchLanguage(page, 'ko');
  });
});

test('The session ends while writing: sign in again and find the message intact, then send it.', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const me = person('yerin', '한예린');
  const colleague = person('taeho', '오태호');
  await apiToken(request, colleague);
  const subject = `분기 보고서 초안 ${Date.now()}`;
  await signIn(page, me);
  await page.goto('/compose');
  await page.getByLabel('받는 사람').fill(colleague.email);
  await page.getByLabel('받는 사람').press('Enter');
  await page.getByLabel('제목', { exact: true }).fill(subject);
  const body = page.getByLabel('내용', { exact: true });
  await body.pressSequentially('매출은 전 분기보다 12% 늘었습니다.');
  await expect(page.getByTestId('draft-status')).toHaveText(/임시 저장됨/, { timeout: 15_000 });

  await test.step('signed out elsewhere: the session is revoked while the person writes on', async () => {
    const token = await pageToken(page);
    const revoked = await request.delete('/api/v1/auth/logout', {
      headers: { Authorization: `Bearer ${token}` },
    });
    expect(revoked.ok()).toBe(true);
    // Written in one go: the dialog that comes up must not cut a line in two.
    await body.fill('매출은 전 분기보다 12% 늘었습니다.\n비용은 그대로입니다.');
    const dialog = page.getByRole('alertdialog', { name: '다시 로그인해 주세요' });
    await expect(dialog).toBeVisible({ timeout: 20_000 });
    await expect(page.getByTestId('draft-status')).toHaveText('이 기기에 보관됨');
    await shot(page, 'session-ended-ko-1280');
  });

  const whole = '매출은 전 분기보다 12% 늘었습니다.\n비용은 그대로입니다.';
  await test.step('signing in again in place: the message is as it was left, and saves', async () => {
    await page
      .getByRole('alertdialog', { name: '다시 로그인해 주세요' })
      .getByRole('button', { name: `${me.name}(으)로 다시 로그인` })
      .click();
    await expect(page.getByRole('alertdialog')).toHaveCount(0);
    await expect(page).toHaveURL(/\/compose/);
    await expect(body).toHaveValue(whole);
    await expect(page.getByLabel('제목', { exact: true })).toHaveValue(subject);
    await expect(page.getByTestId('draft-status')).toHaveText(/임시 저장됨/, { timeout: 15_000 });
    const drafts = await draftsOf(request, me);
    expect(drafts.content.filter((draft) => draft.subject === subject)).toHaveLength(1);
  });

  await test.step('send it: it arrives whole, and its draft is gone', async () => {
    await page.getByRole('button', { name: '보내기', exact: true }).click();
    await expect(page).toHaveURL(/\/mailbox\/sent$/);
    expect(await arrivedBody(request, colleague, subject)).toBe(whole);
    expect((await draftsOf(request, me)).totalElements).toBe(0);
  });

  await test.step('the dialog in English on a phone', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await switchLanguage(page, 'en');
    await page.goto('/compose');
    await page.getByLabel('Subject', { exact: true }).fill('Notes');
    const token = await pageToken(page);
    await request.delete('/api/v1/auth/logout', { headers: { Authorization: `Bearer ${token}` } });
    await page.getByLabel('Message', { exact: true }).pressSequentially('kept');
    await expect(page.getByRole('alertdialog', { name: 'Please sign in again' })).toBeVisible({
      timeout: 20_000,
    });
    await shot(page, 'session-ended-en-390');
  });
});

test('A signature with {{email}} arrives filled in.', async ({ page, request }) => {
  test.setTimeout(120_000);
  const me = person('sujin', '배수진');
  const friend = person('jimin', '윤지민');
  await apiToken(request, friend);
  const subject = `서명 확인 ${Date.now()}`;
  await signIn(page, me);

  await test.step('a signature typed as plain lines, with {{name}} and {{email}}, made the default', async () => {
    await page.goto('/signatures');
    await page.getByRole('button', { name: '서명 만들기' }).click();
    const dialog = page.getByRole('dialog', { name: '서명 만들기' });
    await dialog.getByLabel('서명 이름').fill('기본 서명');
    await dialog.getByLabel('내용', { exact: true }).fill('{{name}} 드림\n{{email}}');
    const preview = dialog.getByTestId('signature-preview');
    await expect(preview).toContainText(`${me.name} 드림`);
    await expect(preview).toContainText(me.email);
    await expect(preview).not.toContainText('{{');
    await dialog.getByLabel('기본 서명으로 설정').check();
    await shot(page, 'signature-form-ko-1280');
    await dialog.getByRole('button', { name: '저장' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByTestId('default-signature-banner')).toHaveText('현재 기본 서명: 기본 서명');
  });

  await test.step('compose: the signature is in the body, filled, on its own lines', async () => {
    await page.goto('/compose');
    const body = page.getByLabel('내용', { exact: true });
    await expect(body).toHaveValue(`\n\n${me.name} 드림\n${me.email}`);
    await page.getByLabel('받는 사람').fill(friend.email);
    await page.getByLabel('받는 사람').press('Enter');
    await page.getByLabel('제목', { exact: true }).fill(subject);
    await body.press('Control+Home');
    await body.pressSequentially('주말 잘 보내세요.');
    await page.getByRole('button', { name: '보내기', exact: true }).click();
    await expect(page).toHaveURL(/\/mailbox\/sent$/);
  });

  await test.step('the recipient reads the address, never a {{placeholder}}', async () => {
    const arrived = await arrivedBody(request, friend, subject);
    expect(arrived).toBe(`주말 잘 보내세요.\n\n${me.name} 드림\n${me.email}`);
    expect(arrived).not.toContain('{{');
  });

  await test.step('the signature form in English on a phone', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/signatures');
    await switchLanguage(page, 'en');
    await page.getByRole('button', { name: 'Edit 기본 서명' }).click();
    await expect(page.getByRole('dialog').getByTestId('signature-preview')).toContainText(me.email);
    await shot(page, 'signature-form-en-390');
  });
});
