import fs from 'node:fs/promises';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { repoRoot } from './server-process';
import { person, shot, signIn } from './support';

/** Small real files of each format, made by make-office-fixtures.mjs beside them in the server tests. */
const fixture = (name: string) =>
  fs.readFile(path.join(repoRoot, 'apps/server/test/modules/attachments/fixtures', name));

test('Attach a .hwp and a .pptx file; the recipient downloads the same bytes.', async ({ browser }) => {
  test.setTimeout(120_000);
  const minji = person('minji', '김민지');
  const emma = person('emma', 'Emma Park');
  const subject = `분기 보고 자료 ${Date.now()}`;
  const files = [
    { name: '3분기 보고서.hwp', mimeType: 'application/x-hwp', buffer: await fixture('minimal.hwp') },
    {
      name: 'Q3 review.pptx',
      mimeType: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
      buffer: await fixture('minimal.pptx'),
    },
  ];

  // Emma reads in English on a phone; her account must exist before mail can reach her.
  const emmaContext = await browser.newContext({
    locale: 'en-US',
    viewport: { width: 390, height: 844 },
    acceptDownloads: true,
  });
  const emmaPage = await emmaContext.newPage();
  await signIn(emmaPage, emma);
  const minjiContext = await browser.newContext({ locale: 'ko-KR' });
  const page = await minjiContext.newPage();
  await signIn(page, minji);

  await test.step('Minji attaches a HWP and a PowerPoint file in Korean, and sends', async () => {
    await page.goto('/compose');
    const to = page.getByLabel('받는 사람', { exact: true });
    await to.fill(emma.email);
    await to.press('Enter');
    await page.getByLabel('제목').fill(subject);
    await page.getByLabel('내용', { exact: true }).fill('한글 파일과 발표 자료를 보냅니다.');
    // The picker offers them: the server's list is what the file input accepts.
    const input = page.getByLabel('첨부할 파일');
    await expect(input).toHaveAttribute('accept', /\.hwp,.*\.hwpx,.*/);
    await expect(input).toHaveAttribute('accept', /\.pptx/);
    await input.setInputFiles(files);
    const completed = page.getByRole('list', { name: '첨부된 파일' });
    await expect(completed.getByRole('listitem')).toHaveText([/3분기 보고서\.hwp/, /Q3 review\.pptx/], {
      timeout: 20_000,
    });
    await shot(page, 'attachments-office-ko');
    await page.getByRole('button', { name: '보내기', exact: true }).click();
    await expect(page.getByText('메일을 보냈습니다.')).toBeVisible();
  });

  await test.step('Emma opens it in English on her phone and downloads both, byte for byte', async () => {
    const row = emmaPage.getByTestId('message-row').filter({ hasText: subject });
    await expect(async () => {
      await emmaPage.goto('/mailbox/inbox');
      await expect(row).toBeVisible({ timeout: 5_000 });
    }).toPass({ timeout: 60_000 });
    await row.getByRole('link').click();
    const list = emmaPage.getByRole('list', { name: 'Attachments' });
    await expect(emmaPage.getByRole('heading', { name: '2 attachments' })).toBeVisible();
    await shot(emmaPage, 'attachments-office-en-phone');
    for (const file of files) {
      const [download] = await Promise.all([
        emmaPage.waitForEvent('download'),
        list.getByRole('button', { name: `Download ${file.name}` }).click(),
      ]);
      expect(download.suggestedFilename()).toBe(file.name);
      const saved = await fs.readFile(await download.path());
      expect(saved.equals(file.buffer), file.name).toBe(true);
    }
  });

  await emmaContext.close();
  await minjiContext.close();
});
