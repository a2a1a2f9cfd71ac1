import { expect, test, type Page } from '@playwright/test';
import { api, apiToken, messageRow, person, shot, signIn, smtpSend, switchLanguage } from './support';

test.use({ baseURL: process.env.E2E_BASE_URL });

interface Listed {
  content: { id: number; subject: string; attachmentCount?: number }[];
}

async function inboxSubjects(request: Parameters<typeof api>[0], token: string) {
  return (await api<Listed>(request, token, 'GET', '/messages?mailboxType=INBOX')).content;
}

async function openMail(page: Page, subject: string) {
  await page.goto('/mailbox/inbox');
  await expect(messageRow(page, subject)).toBeVisible({ timeout: 15_000 });
  await messageRow(page, subject).getByRole('link').first().click();
  await expect(page.getByRole('heading', { level: 1, name: subject })).toBeVisible();
}

test('Reply with the original quoted; reply all seeing who gets it; forward with attachments.', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const boss = person('jaehyun', '정재현');
  const me = person('soyeon', '이소연');
  const colleague = person('minho', '박민호');
  const [bossToken, , colleagueToken] = await Promise.all([
    apiToken(request, boss),
    apiToken(request, me),
    apiToken(request, colleague),
  ]);
  const subject = `예산안 검토 요청 ${Date.now()}`;
  // The boss's mail, as his mail program sends it: To me, Cc a colleague, one file attached.
  await smtpSend({
    from: `"${boss.name}" <${boss.email}>`,
    to: me.email,
    cc: colleague.email,
    subject,
    text: '첨부한 예산안을 검토해 주세요.\n금요일까지 의견 부탁합니다.',
    attachments: [{ filename: '2027_예산안.txt', content: '인건비 40%, 장비 30%, 기타 30%' }],
  });
  await signIn(page, me);
  await openMail(page, subject);

  await test.step('reply: the sender is the one chip, the original is quoted below the cursor', async () => {
    await page.getByRole('button', { name: '답장', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: '답장' });
    await expect(dialog.getByRole('button', { name: `${boss.email} 삭제` })).toBeVisible();
    await expect(dialog.getByRole('button', { name: `${colleague.email} 삭제` })).toHaveCount(0);
    const body = dialog.getByLabel('내용');
    await expect(body).toHaveValue(
      /^\n\n.+, 정재현 <[^>]+> 님이 작성:\n> 첨부한 예산안을 검토해 주세요\.\n> 금요일까지 의견 부탁합니다\./,
    );
    await expect(body).toBeFocused();
    await page.keyboard.press('Control+Home');
    await page.keyboard.type('검토했습니다. 장비 항목만 조정하면 좋겠습니다.');
    await shot(page, 'reply-quoted-ko');
    await dialog.getByRole('button', { name: '보내기', exact: true }).click();
    await expect(page.getByText('답장을 보냈습니다.')).toBeVisible();
    // Sent, the person stays on the message they answered (issue 34); the reply is in Sent.
    await expect(page).toHaveURL(/\/message\/\d+$/);
    await page.goto('/mailbox/sent');
    await expect(messageRow(page, `Re: ${subject}`)).toBeVisible();
    await expect
      .poll(async () => (await inboxSubjects(request, bossToken)).map((m) => m.subject))
      .toContain(`Re: ${subject}`);
    const reply = (await inboxSubjects(request, bossToken)).find((m) => m.subject === `Re: ${subject}`)!;
    const opened = await api<{ bodyText: string }>(request, bossToken, 'GET', `/messages/${reply.id}`);
    expect(opened.bodyText).toMatch(/^검토했습니다\. 장비 항목만 조정하면 좋겠습니다\./);
    expect(opened.bodyText).toContain('> 첨부한 예산안을 검토해 주세요.');
  });

  await test.step('reply all: the sender in To and the colleague in Cc, never myself', async () => {
    await openMail(page, subject);
    await page.getByRole('button', { name: '전체 답장' }).click();
    const dialog = page.getByRole('dialog', { name: '전체 답장' });
    await expect(dialog.getByRole('button', { name: `${boss.email} 삭제` })).toBeVisible();
    await expect(dialog.getByRole('button', { name: `${colleague.email} 삭제` })).toBeVisible();
    await expect(dialog.getByRole('button', { name: `${me.email} 삭제` })).toHaveCount(0);
    await shot(page, 'reply-all-ko');
    await dialog.getByRole('button', { name: '취소' }).click();
    await expect(dialog).toBeHidden();
  });

  await test.step('forward: the file goes along', async () => {
    await page.getByRole('button', { name: '전달', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: '전달' });
    await expect(dialog.getByText('원본 메일과 첨부 파일이 함께 전달됩니다.')).toBeVisible();
    await dialog.getByLabel('받는 사람').fill(colleague.email);
    await dialog.getByLabel('받는 사람').press('Enter');
    await dialog.getByRole('button', { name: '전달' }).click();
    await expect(page.getByText('메일을 전달했습니다.')).toBeVisible();
    await expect
      .poll(async () => (await inboxSubjects(request, colleagueToken)).map((m) => m.subject))
      .toContain(`Fwd: ${subject}`);
    const forwarded = (await inboxSubjects(request, colleagueToken)).find(
      (m) => m.subject === `Fwd: ${subject}`,
    )!;
    const opened = await api<{
      attachments: { fileName?: string; filename?: string; originalName?: string }[];
    }>(request, colleagueToken, 'GET', `/messages/${forwarded.id}`);
    expect(JSON.stringify(opened.attachments)).toContain('2027_예산안.txt');
  });

  await test.step('in English, the quote heading is English too', async () => {
    await openMail(page, subject);
    await switchLanguage(page, 'en');
    await page.getByRole('button', { name: 'Reply', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Reply' });
    await expect(dialog.getByLabel('Message')).toHaveValue(/^\n\nOn .+, 정재현 <[^>]+> wrote:\n> /);
    await expect(dialog.getByRole('button', { name: `Remove ${boss.email}` })).toBeVisible();
    await shot(page, 'reply-quoted-en');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await switchLanguage(page, 'ko');
  });
});

test("An English user's notifications, bounces and welcome mail are in English; a Korean user's in Korean.", async ({
  browser,
}) => {
  test.setTimeout(90_000);
  for (const language of ['en', 'ko'] as const) {
    const who = person(language === 'en' ? 'emma' : 'jiwoo', language === 'en' ? 'Emma Park' : '김지우');
    const context = await browser.newContext({ locale: language === 'en' ? 'en-US' : 'ko-KR' });
    const page = await context.newPage();
    await page.goto('/login');
    // The login page speaks the browser's language, and that is the new account's language.
    await expect(page.locator('html')).toHaveAttribute('lang', language);
    await page.getByLabel(language === 'en' ? 'E-mail' : '이메일').fill(who.email);
    await page.getByLabel(language === 'en' ? 'Name' : '이름').fill(who.name);
    await page.getByRole('button', { name: language === 'en' ? 'Sign in' : '로그인', exact: true }).click();
    await expect(page).toHaveURL(/\/dashboard$/);

    // The welcome mail is the demo seed, off on this test server: test/seed/welcome-language.test.ts.
    await test.step(`${language}: a bounce for mail to a domain that cannot be reached`, async () => {
      const token = await apiToken(page.request, who);
      const subject = `${language === 'en' ? 'Quarterly plan' : '분기 계획'} ${Date.now()}`;
      await api(page.request, token, 'POST', '/messages', {
        toAddresses: ['someone@unreachable.example'],
        subject,
        bodyText: 'x',
      });
      const bounce =
        language === 'en' ? `Undelivered mail: ${subject}` : `메일을 전달하지 못했습니다: ${subject}`;
      await expect
        .poll(async () => (await inboxSubjects(page.request, token)).map((m) => m.subject), {
          timeout: 30_000,
        })
        .toContain(bounce);
    });

    await test.step(`${language}: the bell tells of the bounce`, async () => {
      await page.goto('/dashboard');
      const bell = page.getByRole('button', { name: language === 'en' ? /^Notifications/ : /^알림/ });
      await bell.click();
      const panel = page.getByRole('region', { name: language === 'en' ? 'Notifications' : '알림' });
      await expect(
        panel
          .getByTestId('notification-item')
          .filter({ hasText: language === 'en' ? 'Mail could not be delivered' : '메일 전달 실패' })
          .first(),
      ).toBeVisible();
      await shot(page, `notifications-language-${language}`);
    });
    await context.close();
  }
});
