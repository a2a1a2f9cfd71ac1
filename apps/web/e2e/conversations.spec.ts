import { expect, test, type Page } from '@playwright/test';
import { api, apiToken, messageRow, person, shot, signIn, switchLanguage } from './support';

test.use({ baseURL: process.env.E2E_BASE_URL });

interface Listed {
  content: { id: number; subject: string; conversationId: string; messageCount: number }[];
}

/** The person's inbox by conversation, as the list asks for it. */
async function conversations(request: Parameters<typeof api>[0], token: string) {
  return (await api<Listed>(request, token, 'GET', '/conversations?mailboxType=INBOX')).content;
}

async function openConversation(page: Page, subject: string, writers: RegExp) {
  await page.goto('/mailbox/inbox');
  const row = messageRow(page, subject);
  await expect(row).toHaveCount(1, { timeout: 15_000 });
  await expect(row.getByTestId('row-sender')).toHaveText(writers);
  await row.getByRole('link').first().click();
  await expect(page).toHaveURL(/\/conversation\/[\w-]+\?mailboxId=\d+$/);
}

test('Read a three-message conversation between two people as one, and reply from inside it.', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const minji = person('minji', '김민지');
  const jun = person('jun', '이준');
  const [minjiToken, junToken] = await Promise.all([apiToken(request, minji), apiToken(request, jun)]);
  const topic = `점심 약속 ${Date.now()}`;

  // Three messages between the two: 김민지 asks, 이준 answers, 김민지 answers back.
  await api(request, minjiToken, 'POST', '/messages', {
    toAddresses: [jun.email],
    subject: topic,
    bodyText: '내일 점심 같이 어때요?',
  });
  await expect
    .poll(async () => (await conversations(request, junToken)).map((row) => row.subject), { timeout: 45_000 })
    .toContain(topic);
  const first = (await conversations(request, junToken)).find((row) => row.subject === topic)!;
  // 이준 read it before he answered.
  await api(request, junToken, 'PATCH', `/messages/${first.id}/read`);
  await api(request, junToken, 'POST', '/messages/reply', {
    originalMessageId: first.id,
    subject: `Re: ${topic}`,
    bodyText: '좋아요. 몇 시가 좋을까요?',
  });
  await expect
    .poll(async () => (await conversations(request, minjiToken)).map((row) => row.subject), {
      timeout: 45_000,
    })
    .toContain(`Re: ${topic}`);
  const answer = (await conversations(request, minjiToken)).find((row) => row.subject === `Re: ${topic}`)!;
  await api(request, minjiToken, 'POST', '/messages/reply', {
    originalMessageId: answer.id,
    subject: `Re: Re: ${topic}`,
    bodyText: '12시에 회사 앞에서 봬요.',
  });
  await expect
    .poll(
      async () =>
        (await conversations(request, junToken)).find((r) => r.subject.endsWith(topic))?.messageCount,
      { timeout: 45_000 },
    )
    .toBe(3);

  await signIn(page, jun);

  await test.step('the inbox shows the three as one row, its writers and the count', async () => {
    await openConversation(page, `Re: Re: ${topic}`, /^김민지, 나 \(3\)$/);
    await expect(messageRow(page, topic)).toHaveCount(0);
  });

  await test.step('the conversation: older ones on one line each, the newest open', async () => {
    await expect(page.getByRole('heading', { level: 1, name: topic })).toBeVisible();
    const messages = page.getByTestId('conversation-message');
    await expect(messages).toHaveCount(3);
    await expect(messages.nth(0).getByTestId('conversation-first-line')).toHaveText('내일 점심 같이 어때요?');
    await expect(messages.nth(1).getByTestId('conversation-first-line')).toContainText(
      '좋아요. 몇 시가 좋을까요?',
    );
    await expect(messages.nth(2)).toHaveAttribute('data-expanded', 'true');
    await expect(messages.nth(2).getByText('12시에 회사 앞에서 봬요.')).toBeVisible();
    await messages.nth(0).getByRole('button', { name: '김민지의 메일 펼치기' }).click();
    await expect(messages.nth(0)).toHaveAttribute('data-expanded', 'true');
    await shot(page, 'conversation-ko-1280');
  });

  await test.step('reply from inside it: the reply joins the conversation, and 김민지 receives it', async () => {
    await page
      .getByTestId('conversation-message')
      .nth(2)
      .getByRole('button', { name: '답장', exact: true })
      .click();
    const dialog = page.getByRole('dialog', { name: '답장' });
    await expect(dialog.getByRole('button', { name: `${minji.email} 삭제` })).toBeVisible();
    await page.keyboard.press('Control+Home');
    await page.keyboard.type('네, 12시에 봬요!');
    await dialog.getByRole('button', { name: '보내기', exact: true }).click();
    await expect(page.getByText('답장을 보냈습니다.')).toBeVisible();
    // With an undo delay the sent copy is stored when it goes: the page asks again until it is there.
    await expect(async () => {
      await page.reload();
      await expect(page.getByTestId('conversation-message')).toHaveCount(4, { timeout: 2_000 });
    }).toPass({ timeout: 45_000 });
    await expect
      .poll(
        async () =>
          (await conversations(request, minjiToken)).find((r) => r.subject.endsWith(topic))?.messageCount,
        { timeout: 45_000 },
      )
      .toBe(4);
    await shot(page, 'conversation-replied-ko-1280');
  });

  await test.step('on a phone, in English: the same conversation, "me" and its own Reply', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/mailbox/inbox');
    await switchLanguage(page, 'en');
    await openConversation(page, `Re: Re: ${topic}`, /^김민지, me \(4\)$/);
    const messages = page.getByTestId('conversation-message');
    await expect(messages).toHaveCount(4);
    await expect(messages.nth(1).getByRole('button', { name: 'Expand the message from me' })).toBeVisible();
    await expect(messages.nth(3).getByRole('button', { name: 'Reply', exact: true })).toBeVisible();
    await expect(page.getByText('4 messages')).toBeVisible();
    await shot(page, 'conversation-en-390');
    await switchLanguage(page, 'ko');
  });
});
