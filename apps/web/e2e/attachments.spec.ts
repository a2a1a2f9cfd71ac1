// Over 300 lines on purpose: one journey from attaching to downloading the same bytes, with the
// generators of the files it sends (PNG, PDF, a disguised executable) beside it.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';
import { expect, test, type Browser, type Locator, type Page } from '@playwright/test';

const resultsDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../test-results');
const shot = (target: Page | Locator, name: string) =>
  target.screenshot({ path: path.join(resultsDir, `${name}.png`) });

test.use({ baseURL: process.env.E2E_BASE_URL });

const stamp = Date.now();
const minji = { email: `minji.${stamp}@postline.local`, name: '김민지' };
const jun = { email: `jun.${stamp}@postline.local`, name: '이준' };
const subject = `첨부 파일 확인 ${stamp}`;
const KB = 1024;
const MB = 1024 * KB;

/** PNG chunk: length, type, data, CRC-32 of type and data (PNG spec §5.3). */
function pngChunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(4);
  head.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(body));
  return Buffer.concat([head, body, crc]);
}

/** A real 32×32 PNG (a colour gradient), padded with a text chunk to exactly `size` bytes. */
function pngOf(size: number): Buffer {
  const side = 32;
  const header = Buffer.alloc(13);
  header.writeUInt32BE(side, 0);
  header.writeUInt32BE(side, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB, no interlace
  const rows = Buffer.alloc(side * (1 + side * 3));
  for (let y = 0; y < side; y += 1) {
    const row = y * (1 + side * 3);
    for (let x = 0; x < side; x += 1) rows.set([x * 8, y * 8, 200], row + 1 + x * 3);
  }
  const parts = [
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', zlib.deflateSync(rows)),
  ];
  const end = pngChunk('IEND', Buffer.alloc(0));
  const used = parts.reduce((sum, part) => sum + part.length, 0) + end.length + 12;
  const padding = Buffer.from(`Comment\0${'.'.repeat(size - used - 8)}`, 'latin1');
  return Buffer.concat([...parts, pngChunk('tEXt', padding), end]);
}

/** A PDF-looking file of exactly `size` bytes with varying content, so a lost or moved byte shows. */
function pdfOf(size: number): Buffer {
  const head = Buffer.from('%PDF-1.4\n%\xe2\xe3\xcf\xd3\n', 'latin1');
  const tail = Buffer.from('\n%%EOF\n', 'latin1');
  const body = Buffer.alloc(size - head.length - tail.length);
  for (let i = 0; i < body.length; i += 1) body[i] = 32 + ((i * 7 + (i >> 8)) % 90);
  return Buffer.concat([head, body, tail]);
}

/** Korean minutes padded with ASCII to exactly `size` bytes of UTF-8. */
function minutesOf(size: number): Buffer {
  const text = Buffer.from(
    '회의록\n안건: 3분기 출시 일정\n참석: 김민지, 이준\n결정: 첨부 파일 기능을 먼저 냅니다.\n',
    'utf8',
  );
  return Buffer.concat([text, Buffer.from('-'.repeat(size - text.length - 1) + '\n')]);
}

/** 'MZ', a DOS stub pointer and 'PE\0\0': a Windows executable's header under a harmless name. */
function disguisedExecutable(): Buffer {
  const exe = Buffer.alloc(2048);
  exe.write('MZ', 0, 'latin1');
  exe.writeUInt32LE(0x80, 0x3c);
  exe.write('PE\0\0', 0x80, 'latin1');
  exe.writeUInt16LE(0x014c, 0x84); // i386
  return exe;
}

const files = {
  png: { name: '구조도.png', mimeType: 'image/png', buffer: pngOf(6 * KB) },
  pdf: { name: 'report.pdf', mimeType: 'application/pdf', buffer: pdfOf(1.5 * MB) },
  txt: { name: '회의록.txt', mimeType: 'text/plain', buffer: minutesOf(2.5 * KB) },
};

/** 26 MB on disk: handed to the browser by path, far cheaper than a buffer sent over the wire. */
let bigFile: string;
test.beforeAll(async () => {
  bigFile = path.join(await fs.mkdtemp(path.join(os.tmpdir(), 'postline-attachments-')), 'video.zip');
  await fs.writeFile(bigFile, Buffer.alloc(26 * MB, 1));
});
test.afterAll(async () => {
  if (bigFile) await fs.rm(path.dirname(bigFile), { recursive: true, force: true });
});

async function signIn(browser: Browser, who: { email: string; name: string }): Promise<Page> {
  const context = await browser.newContext({ acceptDownloads: true });
  const page = await context.newPage();
  await page.goto('/login');
  await page.getByLabel('이메일').fill(who.email);
  await page.getByLabel('이름').fill(who.name);
  await page.getByRole('button', { name: '로그인', exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  return page;
}

function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

test('Minji sends three files less one to Jun, who downloads the same bytes under the same names', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  // Jun signs in first: his account must exist for Minji's mail to be delivered to him.
  const junPage = await signIn(browser, jun);
  const page = await signIn(browser, minji);
  const errors = [...watchErrors(page), ...watchErrors(junPage)];
  const uploads: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/api/v1/attachments/upload')) uploads.push(request.method());
  });

  const uploader = page.getByRole('group', { name: '첨부 파일' });
  const input = page.getByLabel('첨부할 파일');
  const completed = page.getByRole('list', { name: '첨부된 파일' });

  await test.step('Minji writes to Jun', async () => {
    await page.goto('/compose');
    await page.getByLabel('받는 사람', { exact: true }).fill(jun.email);
    await page.getByLabel('받는 사람', { exact: true }).press('Enter');
    await page.getByLabel('제목').fill(subject);
    await page.getByLabel('내용', { exact: true }).fill('회의록과 보고서를 보냅니다.');
    await expect(uploader.getByRole('button', { name: '파일 선택' })).toBeEnabled();
    await expect(uploader.getByText('최대 10개, 파일당 25MB')).toBeVisible();
  });

  await test.step('attaches three files and watches them upload', async () => {
    // A slow uplink, so the bars are seen moving rather than jumping straight to done.
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 20,
      downloadThroughput: -1,
      uploadThroughput: 600 * KB,
    });
    await input.setInputFiles([files.png, files.pdf, files.txt]);
    // The small files may be done before the first look; the 1.5 MB report takes seconds.
    await expect(uploader.getByText(/^3개 중 [0-2]개 업로드됨$/)).toBeVisible();
    await expect(uploader.getByRole('button', { name: '파일 선택' })).toBeDisabled();
    const pdfBar = uploader.getByRole('progressbar', { name: 'report.pdf 업로드 진행률' });
    await expect(pdfBar).toBeVisible();
    await expect
      .poll(async () => Number(await pdfBar.getAttribute('aria-valuenow')), { timeout: 10_000 })
      .toBeGreaterThan(0);
    await shot(uploader, 'attachments-uploading-ko');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: -1,
    });

    await expect(completed.getByRole('listitem')).toHaveCount(3, { timeout: 20_000 });
    await expect(page.getByText('파일 3개를 올렸습니다.')).toBeVisible();
    await expect(completed.getByRole('listitem')).toHaveText([
      /구조도\.png\s*6\.0 KB/,
      /report\.pdf\s*1\.5 MB/,
      /회의록\.txt\s*2\.5 KB/,
    ]);
    await expect(uploader.getByText('첨부됨 3개 · 1.5 MB')).toBeVisible();
    await expect(uploader.getByRole('button', { name: '파일 선택' })).toBeEnabled();
    expect(uploads).toHaveLength(3);
  });

  await test.step('removes the report', async () => {
    await completed.getByRole('button', { name: 'report.pdf 삭제' }).click();
    await expect(page.getByText('첨부 파일을 뺐습니다.')).toBeVisible();
    await expect(completed.getByRole('listitem')).toHaveText([
      /구조도\.png\s*6\.0 KB/,
      /회의록\.txt\s*2\.5 KB/,
    ]);
  });

  await test.step('a 26 MB file and an .exe are refused before sending, with a toast each', async () => {
    await input.setInputFiles(bigFile);
    await expect(
      page.getByText('파일이 너무 큽니다. 최대 25MB까지 첨부할 수 있습니다. (video.zip)'),
    ).toBeVisible();
    await input.setInputFiles([
      { name: 'setup.exe', mimeType: 'application/x-msdownload', buffer: disguisedExecutable() },
    ]);
    // The refusal names what could be attached (issue 34).
    await expect(
      page.getByText(/^허용되지 않는 파일 형식입니다\. 첨부할 수 있는 형식: 이미지, PDF .*\(setup\.exe\)$/),
    ).toBeVisible();
    expect(uploads).toHaveLength(3);
    await expect(completed.getByRole('listitem')).toHaveCount(2);
    await expect(uploader.getByRole('list', { name: '업로드 중인 파일' })).toHaveCount(0);
  });

  await test.step('an .exe renamed .pdf is refused by the server by its content', async () => {
    await input.setInputFiles([
      { name: 'invoice.pdf', mimeType: 'application/pdf', buffer: disguisedExecutable() },
    ]);
    const failed = uploader.getByRole('list', { name: '업로드 중인 파일' }).getByRole('listitem');
    await expect(failed.getByRole('alert')).toContainText(
      '업로드 실패: 실행 파일은 이름이나 확장자와 관계없이 첨부할 수 없습니다.',
      { timeout: 15_000 },
    );
    await expect(
      page.getByText('invoice.pdf 업로드 실패: 실행 파일은 이름이나 확장자와 관계없이 첨부할 수 없습니다.'),
    ).toBeVisible();
    await expect(failed).toHaveCount(1);
    // Trying again could not help, so there is no retry button; the user takes it off the list.
    await expect(failed.getByRole('button', { name: 'invoice.pdf 다시 올리기' })).toHaveCount(0);
    await shot(uploader, 'attachments-refused-ko');
    await failed.getByRole('button', { name: 'invoice.pdf 삭제' }).click();
    await expect(failed).toHaveCount(0);
    await expect(completed.getByRole('listitem')).toHaveText([
      /구조도\.png\s*6\.0 KB/,
      /회의록\.txt\s*2\.5 KB/,
    ]);
  });

  await test.step('the uploader as it stands before sending', async () => {
    await shot(uploader, 'attachments-uploader-ko');
  });

  await test.step('sends', async () => {
    await page.getByRole('button', { name: '보내기', exact: true }).click();
    await expect(page).toHaveURL(/\/mailbox\/sent$/);
  });

  await test.step('Jun sees the paperclip in his inbox and opens the mail', async () => {
    const row = junPage.getByTestId('message-row').filter({ hasText: subject });
    // Delivery is queued after the send returns; look again until it has arrived.
    await expect(async () => {
      await junPage.goto('/mailbox/inbox');
      await expect(row).toBeVisible({ timeout: 5_000 });
    }).toPass({ timeout: 60_000 });
    await expect(row.getByTitle('첨부 파일')).toBeVisible();
    await row.getByRole('link').click();
    await expect(junPage).toHaveURL(/\/message\/\d+$/);
  });

  const list = junPage.getByRole('list', { name: '첨부 파일' });
  await test.step('the message shows the count and both files, the picture with a thumbnail', async () => {
    await expect(junPage.getByRole('heading', { name: '첨부 파일 2개' })).toBeVisible();
    await expect(list.getByRole('listitem')).toHaveText([
      /구조도\.png\s*PNG · 6\.0 KB/,
      /회의록\.txt\s*TXT · 2\.5 KB/,
    ]);
    const thumbnail = list.getByRole('img', { name: '구조도.png 미리 보기' });
    await expect(thumbnail).toBeVisible();
    await expect
      .poll(() => thumbnail.evaluate((img) => (img as unknown as { naturalWidth: number }).naturalWidth))
      .toBe(32);
    await shot(junPage.locator('section', { has: list }), 'attachment-list-ko');
  });

  await test.step('each download has the original bytes and name', async () => {
    for (const file of [files.png, files.txt]) {
      const [download] = await Promise.all([
        junPage.waitForEvent('download'),
        list.getByRole('button', { name: `${file.name} 다운로드` }).click(),
      ]);
      expect(download.suggestedFilename()).toBe(file.name);
      const saved = await fs.readFile(await download.path());
      expect(saved.length).toBe(file.buffer.length);
      expect(saved.equals(file.buffer)).toBe(true);
    }
  });

  await test.step('the list in English', async () => {
    await junPage.getByRole('group', { name: '언어' }).getByRole('button', { name: 'English' }).click();
    const english = junPage.getByRole('list', { name: 'Attachments' });
    await expect(junPage.getByRole('heading', { name: '2 attachments' })).toBeVisible();
    await expect(english.getByRole('button', { name: 'Download 회의록.txt' })).toBeVisible();
    await shot(junPage.locator('section', { has: english }), 'attachment-list-en');
  });

  await test.step('the uploader in English, on a new message', async () => {
    // Switched before composing: a language switch re-runs compose's start and empties the form.
    await page.getByRole('group', { name: '언어' }).getByRole('button', { name: 'English' }).click();
    // The choice is stored once the English texts have loaded, which the page's lang tells.
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await page.goto('/compose');
    const english = page.getByRole('group', { name: 'Attachments' });
    await expect(english.getByText('Up to 10 files, 25 MB each')).toBeVisible({ timeout: 15_000 });
    await page.getByLabel('Files to attach').setInputFiles([files.txt, files.png]);
    const done = page.getByRole('list', { name: 'Attached files' });
    await expect(done.getByRole('listitem')).toHaveText([/회의록\.txt\s*2\.5 KB/, /구조도\.png\s*6\.0 KB/]);
    await expect(english.getByText('2 attached · 8.5 KB')).toBeVisible();
    await expect(english.getByRole('button', { name: 'Remove 회의록.txt' })).toBeEnabled();
    await page.getByLabel('Files to attach').setInputFiles(bigFile);
    await expect(page.getByText('The file is too large. The limit is 25 MB. (video.zip)')).toBeVisible();
    await shot(english, 'attachments-uploader-en');
  });

  expect(errors).toEqual([]);
});
