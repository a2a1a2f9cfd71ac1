import { expect, test } from '@playwright/test';
import { api, apiToken, messageRow, person, shot, signIn, smtpSend, switchLanguage } from './support';

/** YYYY-MM-DD of a day from today in the browser's zone (the days the away reply is saved in). */
function dayFromToday(days: number): string {
  const date = new Date(Date.now() + days * 86_400_000);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

test('Turn on an away reply with dates: a sender who writes twice gets one reply, a mailing list none.', async ({
  page,
  request,
  browser,
}) => {
  const jun = person('jun', '이준');
  const minji = person('minji', '김민지');
  const sujin = person('sujin', '박수진');
  await signIn(page, jun);
  const minjiToken = await apiToken(request, minji);
  const sujinToken = await apiToken(request, sujin);

  await test.step('Jun turns on an away reply for this week on the settings page', async () => {
    await page.getByRole('navigation', { name: '주 메뉴' }).getByRole('link', { name: '설정' }).click();
    const away = page.getByRole('region', { name: '부재중 자동 응답' });
    await away.getByRole('switch', { name: '부재중 자동 응답 사용' }).check();
    await away.getByLabel('첫날').fill(dayFromToday(0));
    await away.getByLabel('마지막 날').fill(dayFromToday(6));
    await away.getByLabel('제목').fill('이준은 휴가 중입니다');
    await away.getByLabel('내용').fill('다음 주 월요일에 돌아옵니다.\n급한 일은 팀 메일로 보내 주세요.');
    await shot(page, 'away-reply-settings-ko');
    await away.getByRole('button', { name: '자동 응답 저장' }).click();
    await expect(page.getByText('부재중 자동 응답을 저장했습니다.')).toBeVisible();
    await page.reload();
    await expect(page.getByRole('region', { name: '부재중 자동 응답' }).getByLabel('제목')).toHaveValue(
      '이준은 휴가 중입니다',
    );
  });

  await test.step('Minji writes twice and a mailing list once; each mail is delivered before its 250', async () => {
    for (const subject of ['회의 자료 부탁드려요', '회의 자료 다시 부탁드려요']) {
      await smtpSend({
        from: `${minji.name} <${minji.email}>`,
        to: jun.email,
        subject,
        text: '확인 부탁드립니다.',
      });
    }
    await smtpSend({
      from: `Weekly <${sujin.email}>`,
      to: `members@lists.example`,
      envelope: { from: sujin.email, to: [jun.email] },
      subject: '이번 주 소식',
      text: '메일링 리스트 소식입니다.',
      headers: { 'List-Id': '<members.lists.example>', Precedence: 'list' },
    });
  });

  await test.step('Minji finds one away reply in her inbox; the list got none', async () => {
    const minjiInbox = await api<{ content: { subject: string; fromAddress: string }[] }>(
      request,
      minjiToken,
      'GET',
      '/messages?mailboxType=INBOX&size=50',
    );
    expect(minjiInbox.content.filter((m) => m.subject === '이준은 휴가 중입니다')).toHaveLength(1);
    const sujinInbox = await api<{ content: { subject: string }[] }>(
      request,
      sujinToken,
      'GET',
      '/messages?mailboxType=INBOX&size=50',
    );
    expect(sujinInbox.content.filter((m) => m.subject === '이준은 휴가 중입니다')).toHaveLength(0);
  });

  await test.step('Minji reads it in English on a phone', async () => {
    const phone = await (
      await browser.newContext({
        baseURL: process.env.E2E_BASE_URL,
        viewport: { width: 390, height: 844 },
      })
    ).newPage();
    await signIn(phone, minji);
    await switchLanguage(phone, 'en');
    await phone.goto('/mailbox/inbox');
    await messageRow(phone, '이준은 휴가 중입니다').getByRole('link').first().click();
    await expect(phone.getByRole('heading', { level: 1, name: '이준은 휴가 중입니다' })).toBeVisible();
    // The answer has an HTML part: it shows in the message frame.
    await expect(
      phone.frameLocator('iframe[title="Message body"]').getByText('다음 주 월요일에 돌아옵니다.'),
    ).toBeVisible();
    await shot(phone, 'away-reply-received-en-phone');
    await phone.context().close();
  });
});
