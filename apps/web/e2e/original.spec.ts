import fs from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { messageRow, person, shot, signIn, smtpSend, switchLanguage } from './support';

test.use({ baseURL: process.env.E2E_BASE_URL });

test('Show the original of a mail in a new tab, copy it, and download it as a .eml file.', async ({
  page,
  context,
}) => {
  const seoyeon = person('seoyeon', '박서연');
  const subject = `계약서 원본 확인 ${Date.now()}`;
  const messageId = `<original-${Date.now()}@partner.example>`;
  await signIn(page, seoyeon);
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await smtpSend({
    from: '거래처 <partner@partner.example>',
    to: seoyeon.email,
    subject,
    text: '계약서 원본을 확인해 주세요.',
    messageId,
  });

  await page.goto('/mailbox/inbox');
  await expect(messageRow(page, subject)).toBeVisible({ timeout: 15_000 });
  await messageRow(page, subject).getByRole('link').first().click();
  await expect(page.getByRole('heading', { level: 1, name: subject })).toBeVisible();

  const original = await test.step('더보기 → 원본 보기 opens the source in a new tab', async () => {
    await page.getByRole('button', { name: '더보기' }).click();
    const [tab] = await Promise.all([
      context.waitForEvent('page'),
      page.getByRole('menuitem', { name: '원본 보기' }).click(),
    ]);
    await expect(tab.getByRole('heading', { level: 1, name: '원본 메일' })).toBeVisible({ timeout: 15_000 });
    // The message stays open where it was.
    await expect(page.getByRole('heading', { level: 1, name: subject })).toBeVisible();
    return tab;
  });

  await test.step('the summary and the source as they arrived, trace lines first', async () => {
    await expect(original.getByText(messageId, { exact: true })).toBeVisible();
    await expect(original.getByText(subject, { exact: true })).toBeVisible();
    const source = original.getByLabel('메일 원본');
    await expect(source).toContainText(/^Return-Path: <partner@partner\.example>\s+Received: from /);
    await expect(source).toContainText(`Message-ID: ${messageId}`);
    // The subject is RFC 2047 encoded in the source, as it travelled.
    await expect(source).toContainText(/Subject: =\?UTF-8\?/);
    await shot(original, 'original-ko');
  });

  await test.step('copy puts the whole source on the clipboard', async () => {
    await original.getByRole('button', { name: '클립보드에 복사' }).click();
    await expect(original.getByText('클립보드에 복사했습니다.')).toBeVisible();
    // The e2e tsconfig has no DOM types: the page's clipboard, typed by hand.
    const copied = await original.evaluate(() =>
      (
        globalThis as unknown as { navigator: { clipboard: { readText(): Promise<string> } } }
      ).navigator.clipboard.readText(),
    );
    expect(copied).toContain(`Message-ID: ${messageId}`);
  });

  await test.step('download gives the .eml under the subject, byte for byte the source', async () => {
    const [download] = await Promise.all([
      original.waitForEvent('download'),
      original.getByRole('button', { name: '원본 다운로드' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`${subject}.eml`);
    const saved = await fs.readFile(await download.path());
    expect(saved.toString('utf8')).toContain(`Message-ID: ${messageId}`);
    expect(saved.toString('utf8')).toMatch(/^Return-Path: <partner@partner\.example>\r\n/);
  });

  await test.step('from the message itself, in English: More → Download original (.eml)', async () => {
    await switchLanguage(page, 'en');
    await page.getByRole('button', { name: 'More' }).click();
    await expect(page.getByRole('menuitem', { name: 'Show original' })).toBeVisible();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('menuitem', { name: 'Download original (.eml)' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`${subject}.eml`);
    await original.reload();
    await expect(original.getByRole('heading', { level: 1, name: 'Original message' })).toBeVisible({
      timeout: 15_000,
    });
    await shot(original, 'original-en');
  });
});
