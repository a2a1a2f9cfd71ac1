// Over 300 lines on purpose: the three 'being told' journeys (marks and the badge, a server restart,
// desktop notifications and sound) share their set-up and helpers.
import { expect, test, type Page } from '@playwright/test';
import { startServer, stopServer } from './server-control';
import { api, apiToken, messageRow, person, shot, signIn, smtpSend, switchLanguage } from './support';

const bell = (page: Page) => page.getByRole('button', { name: /^(알림|Notifications)(, .+)?$/ });
const badge = (page: Page) => page.getByTestId('notification-badge');
const connection = (page: Page) => page.getByTestId('connection-indicator').getByRole('status');

/** The restarted server answers HTTP a moment before its SMTP listener is up; retry until it is. */
async function smtpSendOnceListening(message: Parameters<typeof smtpSend>[0]) {
  await expect(async () => smtpSend(message)).toPass({ timeout: 15_000 });
}

async function expectConnected(page: Page) {
  await expect(connection(page)).toHaveText(/연결됨$|Connected$/, { timeout: 15_000 });
}

test('Mark one and all notifications read; the badge follows.', async ({ page, request }) => {
  test.setTimeout(120_000);
  const stamp = Date.now();
  const minji = person('minji', '김민지');
  const jun = person('jun', '박준');
  const minjiToken = await apiToken(request, minji);
  const send = (subject: string) =>
    api(request, minjiToken, 'POST', '/messages', {
      toAddresses: [jun.email],
      subject,
      bodyText: `${subject}\n\n확인 부탁드립니다.`,
    });

  await signIn(page, jun);
  await expectConnected(page);
  const subjects = [`회의록 공유 ${stamp}`, `출장 일정 ${stamp}`, `예산안 검토 ${stamp}`];
  for (const subject of subjects) await send(subject);
  await expect(badge(page)).toHaveText('3', { timeout: 15_000 });
  await expect(bell(page)).toHaveAccessibleName('알림, 읽지 않음 3');

  await test.step('mark one read in the bell panel: the badge drops by one, the item is no longer highlighted', async () => {
    await bell(page).click();
    const panel = page.getByRole('region', { name: '알림' });
    const item = panel.getByTestId('notification-item').filter({ hasText: subjects[1] });
    await expect(item).toHaveAttribute('data-unread', 'true');
    await item.getByRole('button', { name: /^읽음으로 표시: / }).click();
    await expect(item).toHaveAttribute('data-unread', 'false');
    await expect(item.getByRole('button', { name: /^읽음으로 표시: / })).toHaveCount(0);
    await expect(badge(page)).toHaveText('2');
    await expect(bell(page)).toHaveAccessibleName('알림, 읽지 않음 2');
    // The panel stays open and on the same page: marking read is not opening.
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(
      panel.getByTestId('notification-item').and(page.locator('[data-unread="true"]')),
    ).toHaveCount(2);
    await shot(page, 'bell-mark-one-read-ko');
  });

  await test.step('mark all read: the badge disappears, and stays gone after a reload', async () => {
    const panel = page.getByRole('region', { name: '알림' });
    await panel.getByRole('button', { name: '모두 읽음으로 표시' }).click();
    await expect(badge(page)).toHaveCount(0);
    await expect(bell(page)).toHaveAccessibleName('알림');
    await expect(
      panel.getByTestId('notification-item').and(page.locator('[data-unread="true"]')),
    ).toHaveCount(0);
    await page.keyboard.press('Escape');
    await expect(panel).toBeHidden();
    await page.reload();
    await expectConnected(page);
    await expect(bell(page)).toHaveAccessibleName('알림');
    await expect(badge(page)).toHaveCount(0);
  });

  await test.step('in English: one more arrives, mark it read, then mark all read on the notifications page', async () => {
    await switchLanguage(page, 'en');
    const more = [`Quarterly numbers ${stamp}`, `Lunch on Friday ${stamp}`];
    for (const subject of more) await send(subject);
    await expect(badge(page)).toHaveText('2', { timeout: 15_000 });
    await expect(bell(page)).toHaveAccessibleName('Notifications, 2 unread');
    await bell(page).click();
    const panel = page.getByRole('region', { name: 'Notifications' });
    const item = panel.getByTestId('notification-item').filter({ hasText: more[0] });
    await item.getByRole('button', { name: /^Mark as read: / }).click();
    await expect(badge(page)).toHaveText('1');
    await expect(bell(page)).toHaveAccessibleName('Notifications, 1 unread');
    await shot(page, 'bell-mark-one-read-en');
    await panel.getByRole('link', { name: 'View all notifications' }).click();
    await expect(page).toHaveURL(/\/notifications$/);
    await expect(page.getByTestId('unread-count-badge')).toHaveText('1 unread');
    await page.getByRole('button', { name: 'Mark all as read' }).click();
    await expect(page.getByTestId('unread-count-badge')).toHaveText('0 unread');
    await expect(badge(page)).toHaveCount(0);
    await expect(bell(page)).toHaveAccessibleName('Notifications');
    await switchLanguage(page, 'ko');
  });
});

test('The server restarts: the indicator goes red, then green, and nothing is missed.', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const stamp = Date.now();
  const jun = person('jun', '박준');
  const token = await apiToken(request, jun);
  const sujin = '"이수진" <sujin@partner.example>';
  const before = `재시작 전 메일 ${stamp}`;
  const whileAway = `연결이 끊긴 사이 도착 ${stamp}`;
  const after = `다시 연결된 뒤 메일 ${stamp}`;

  await signIn(page, jun);
  await page.getByRole('navigation', { name: '주 메뉴' }).getByRole('link', { name: '받은편지함' }).click();
  await expectConnected(page);
  await smtpSend({ from: sujin, to: jun.email, subject: before, text: '재시작 전에 보낸 메일입니다.' });
  await expect(messageRow(page, before)).toBeVisible({ timeout: 15_000 });
  await expect(badge(page)).toHaveText('1');

  // Until the mail below has been delivered, the browser cannot reach the real-time endpoint: the
  // mail arrives while this tab is still offline, so only catching up on reconnect can show it.
  // The app's plain WebSocket (/ws/websocket) and SockJS's requests alike.
  let offline = true;
  await page.routeWebSocket(/\/ws\//, (ws) => (offline ? ws.close() : ws.connectToServer()));
  await page.route('**/ws/**', (route) => (offline ? route.abort() : route.continue()));

  await test.step('the server stops: the indicator goes red and says it is retrying', async () => {
    await stopServer();
    await expect(connection(page)).toHaveText(/연결 끊김$/, { timeout: 15_000 });
    await expect(page.getByTestId('connection-indicator')).toContainText(/다시 연결 중… \(\d\/5\)/);
    await shot(page, 'server-restart-offline-ko');
  });

  await test.step('the server is back; a mail arrives before the tab reconnects', async () => {
    await startServer();
    await smtpSendOnceListening({
      from: sujin,
      to: jun.email,
      subject: whileAway,
      text: '연결이 끊긴 동안 보낸 메일입니다.',
    });
    await expect
      .poll(
        async () => (await api<{ count: number }>(request, token, 'GET', '/messages/count/unread')).count,
        {
          timeout: 15_000,
        },
      )
      .toBe(2);
    await expect(connection(page)).toHaveText(/연결 끊김$/);
    await expect(messageRow(page, whileAway)).toHaveCount(0);
  });

  await test.step('the tab reconnects by itself: green, and the missed mail is in the list and the counts', async () => {
    offline = false;
    await expect(connection(page)).toHaveText(/연결됨$/, { timeout: 60_000 });
    await expect(messageRow(page, whileAway)).toBeVisible({ timeout: 15_000 });
    await expect(messageRow(page, whileAway)).toHaveAttribute('data-unread', 'true');
    await expect(page.getByText('전체 2개', { exact: true })).toBeVisible();
    await expect(badge(page)).toHaveText('2');
    await bell(page).click();
    await expect(
      page
        .getByRole('region', { name: '알림' })
        .getByTestId('notification-item')
        .filter({ hasText: whileAway }),
    ).toHaveAttribute('data-unread', 'true');
    await page.keyboard.press('Escape');
    await shot(page, 'server-restart-caught-up-ko');
  });

  await test.step('new mail after the restart arrives live again', async () => {
    await smtpSend({ from: sujin, to: jun.email, subject: after, text: '다시 연결된 뒤 보낸 메일입니다.' });
    await expect(page.getByTestId('notification-toast').filter({ hasText: after })).toContainText(
      '이수진님의 새 메일',
      {
        timeout: 15_000,
      },
    );
    await expect(messageRow(page, after)).toBeVisible();
    await expect(badge(page)).toHaveText('3');
  });
});

/**
 * Records what the page shows and plays, passing everything on to the browser: each desktop
 * notification constructed (the permission is the one Playwright granted) and each chime (the app
 * plays an oscillator tone through WebAudio).
 */
const RECORD_DESKTOP_AND_SOUND = `
  (() => {
    const Original = window.Notification;
    const shown = [];
    const chimes = [];
    window.__desktopShown = shown;
    window.__chimes = chimes;
    if (Original) {
      class Recorded extends Original {
        constructor(title, options) {
          shown.push({ title, body: options && options.body });
          super(title, options);
        }
      }
      Object.defineProperty(Recorded, 'permission', { get: () => Original.permission });
      Recorded.requestPermission = (...args) => Original.requestPermission(...args);
      window.Notification = Recorded;
    }
    const createOscillator = AudioContext.prototype.createOscillator;
    AudioContext.prototype.createOscillator = function () {
      chimes.push(Date.now());
      return createOscillator.call(this);
    };
  })();
`;

interface Recorded {
  desktop: { title: string; body?: string }[];
  chimes: number;
}

async function recorded(page: Page): Promise<Recorded> {
  return page.evaluate(() => {
    const scope = globalThis as unknown as { __desktopShown: Recorded['desktop']; __chimes: number[] };
    return { desktop: [...scope.__desktopShown], chimes: scope.__chimes.length };
  });
}

test('Desktop notification and sound when allowed; settings switched off are respected.', async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const stamp = Date.now();
  const minji = person('minji', '김민지');
  const jun = person('jun', '박준');
  const minjiToken = await apiToken(request, minji);
  const send = (subject: string) =>
    api(request, minjiToken, 'POST', '/messages', { toAddresses: [jun.email], subject, bodyText: subject });
  const context = await browser.newContext({ permissions: ['notifications'] });
  await context.addInitScript({ content: RECORD_DESKTOP_AND_SOUND });
  const page = await context.newPage();
  const toastAbout = (subject: string) => page.getByTestId('notification-toast').filter({ hasText: subject });

  await signIn(page, jun);
  await bell(page).click();
  await page.getByRole('region', { name: '알림' }).getByRole('link', { name: '모든 알림 보기' }).click();
  await expect(page.getByRole('heading', { level: 1, name: '알림' })).toBeVisible();
  await expectConnected(page);
  const desktopSwitch = page.getByRole('switch', { name: '데스크톱 알림' });
  const soundSwitch = page.getByRole('switch', { name: '알림 소리' });
  const newMailSwitch = page.getByRole('switch', { name: '새 메일' });

  await test.step('allowed: desktop notification on by default, the sound switched on; both follow new mail', async () => {
    await expect(desktopSwitch).toBeChecked();
    await expect(
      page.getByText('브라우저에서 이 사이트의 알림이 차단되어 있습니다.', { exact: false }),
    ).toHaveCount(0);
    await expect(soundSwitch).not.toBeChecked();
    await soundSwitch.click();
    await expect(soundSwitch).toBeChecked();
    const subject = `알림 확인 ${stamp}`;
    await send(subject);
    await expect(toastAbout(subject)).toContainText('김민지님의 새 메일', { timeout: 15_000 });
    await expect
      .poll(async () => (await recorded(page)).desktop)
      .toEqual([{ title: '김민지님의 새 메일', body: subject }]);
    await expect.poll(async () => (await recorded(page)).chimes).toBe(1);
    await shot(page, 'desktop-and-sound-on-ko');
  });

  await test.step('desktop and sound switched off: a toast only, and the choice survives a reload', async () => {
    await desktopSwitch.click();
    await soundSwitch.click();
    await expect(desktopSwitch).not.toBeChecked();
    await expect(soundSwitch).not.toBeChecked();
    await page.reload();
    await expectConnected(page);
    await expect(desktopSwitch).not.toBeChecked();
    await expect(soundSwitch).not.toBeChecked();
    const subject = `조용히 도착 ${stamp}`;
    await send(subject);
    await expect(toastAbout(subject)).toBeVisible({ timeout: 15_000 });
    await expect(badge(page)).toHaveText('2');
    // After the reload the recorders start empty: nothing was shown or played for this mail.
    expect(await recorded(page)).toEqual({ desktop: [], chimes: 0 });
  });

  await test.step('new-mail notifications switched off: the mail arrives, announced by nothing', async () => {
    await newMailSwitch.click();
    await expect(newMailSwitch).not.toBeChecked();
    await desktopSwitch.click();
    await soundSwitch.click();
    await expect(desktopSwitch).toBeChecked();
    await expect(soundSwitch).toBeChecked();
    const junToken = await apiToken(request, jun);
    const subject = `알림 끔 ${stamp}`;
    await send(subject);
    await expect
      .poll(
        async () => (await api<{ count: number }>(request, junToken, 'GET', '/messages/count/unread')).count,
        {
          timeout: 15_000,
        },
      )
      .toBe(3);
    // The server makes no notification of a kind switched off: no item, no badge, no toast.
    await expect(page.getByTestId('notification-item').filter({ hasText: subject })).toHaveCount(0);
    await expect(badge(page)).toHaveText('2');
    await expect(toastAbout(subject)).toHaveCount(0);
    expect(await recorded(page)).toEqual({ desktop: [], chimes: 0 });
    await page.getByRole('navigation', { name: '주 메뉴' }).getByRole('link', { name: '받은편지함' }).click();
    await expect(messageRow(page, subject)).toBeVisible();
  });

  await test.step('with new-mail notifications off, the open inbox still shows the next mail at once', async () => {
    const subject = `알림 없이 목록에 ${stamp}`;
    await send(subject);
    await expect(messageRow(page, subject)).toBeVisible({ timeout: 15_000 });
    await expect(toastAbout(subject)).toHaveCount(0);
    await expect(badge(page)).toHaveText('2');
  });
  await context.close();
});
