import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { api, apiToken, person, signIn, switchLanguage } from './support';

test.use({ baseURL: process.env.E2E_BASE_URL });

/** The file of a download the page starts with `click`, and what it holds. */
async function downloaded(page: Page, click: () => Promise<void>) {
  const [download] = await Promise.all([page.waitForEvent('download'), click()]);
  return { name: download.suggestedFilename(), text: await readFile(await download.path(), 'utf8') };
}

test('Add, import (vCard) and export contacts; put two in a group.', async ({ page }) => {
  const owner = person('contacts', '정다은');
  const minji = person('minji', '김민지');
  const pageErrors: string[] = [];
  page.on('pageerror', (error) => pageErrors.push(error.message));
  await signIn(page, owner);
  await page.getByRole('complementary').getByRole('link', { name: '연락처', exact: true }).click();
  await expect(page).toHaveURL(/\/contacts$/);
  await expect(page.getByRole('heading', { level: 1, name: '연락처' })).toBeVisible();

  await test.step('adds a contact with the form', async () => {
    await page.getByRole('button', { name: '새 연락처' }).click();
    const dialog = page.getByRole('dialog', { name: '새 연락처' });
    await dialog.getByLabel(/^이름/).fill(minji.name);
    await dialog.getByLabel(/^이메일 주소/).fill(minji.email);
    await dialog.getByLabel('전화번호').fill('010-1234-5678');
    await dialog.getByLabel('회사').fill('포스트라인');
    await dialog.getByRole('button', { name: '저장' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('article', { name: minji.name })).toContainText(minji.email);
    await expect(page.getByRole('article', { name: minji.name })).toContainText('포스트라인 · 010-1234-5678');
  });

  await test.step('imports two people from a vCard file chosen with Import', async () => {
    const vcard = [
      'BEGIN:VCARD\r\nVERSION:3.0\r\nFN:이서연\r\nN:이;서연;;;\r\nEMAIL:seoyeon@example.com\r\nEND:VCARD',
      'BEGIN:VCARD\r\nVERSION:4.0\r\nFN:박지훈\r\nEMAIL:jihoon@example.com\r\nTEL:010-9876-5432\r\nEND:VCARD',
    ].join('\r\n');
    const [chooser] = await Promise.all([
      page.waitForEvent('filechooser'),
      page.getByRole('button', { name: '가져오기' }).click(),
    ]);
    await chooser.setFiles({ name: '주소록.vcf', mimeType: 'text/vcard', buffer: Buffer.from(vcard) });
    await expect(page.getByText('연락처 2개를 가져왔습니다. 건너뛴 항목 0개.')).toBeVisible();
    await expect(page.getByRole('article', { name: '이서연' })).toContainText('seoyeon@example.com');
    await expect(page.getByRole('article', { name: '박지훈' })).toContainText('010-9876-5432');
    await expect(page.getByText('연락처 3개')).toBeVisible();
  });

  await test.step('puts two contacts in a new group, which then lists them', async () => {
    await page.getByRole('button', { name: '새 그룹' }).click();
    const dialog = page.getByRole('dialog', { name: '새 그룹' });
    await dialog.getByLabel(/^그룹 이름/).fill('디자인팀');
    await dialog.getByRole('checkbox', { name: new RegExp(minji.name) }).check();
    await dialog.getByRole('checkbox', { name: /이서연/ }).check();
    await dialog.getByRole('button', { name: '저장' }).click();
    await expect(dialog).toBeHidden();
    const groups = page.getByRole('navigation', { name: '그룹' });
    const group = groups.getByRole('button', { name: /^디자인팀\s*2명$/ });
    await group.click();
    await expect(group).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByRole('article')).toHaveCount(2);
    await expect(page.getByRole('article', { name: '박지훈' })).toHaveCount(0);
    await groups.getByRole('button', { name: '모든 연락처' }).click();
    await expect(page.getByRole('article')).toHaveCount(3);
  });

  await test.step('exports every contact as vCard, and in English as CSV', async () => {
    const vcf = await downloaded(page, () => page.getByRole('button', { name: 'vCard로 내보내기' }).click());
    expect(vcf.name).toBe('연락처.vcf');
    for (const line of ['VERSION:4.0', `FN:${minji.name}`, 'FN:이서연', 'FN:박지훈', `EMAIL:${minji.email}`])
      expect(vcf.text).toContain(line);

    await switchLanguage(page, 'en');
    await expect(page.getByRole('heading', { level: 1, name: 'Contacts' })).toBeVisible();
    const csv = await downloaded(page, () => page.getByRole('button', { name: 'Export as CSV' }).click());
    expect(csv.name).toBe('contacts.csv');
    expect(csv.text.split('\r\n')[0]).toBe(
      '\uFEFFName,E-mail 1 - Value,Phone 1 - Value,Organization Name,Notes',
    );
    expect(csv.text).toContain(`${minji.name},${minji.email},010-1234-5678,포스트라인,`);
  });
  expect(pageErrors).toEqual([]);
});

test.describe('on a phone, in English', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, locale: 'en-US' });

  test('Pick a recipient by typing Korean initial consonants, and a group by its name.', async ({ page }) => {
    const sender = person('picker', 'Dana Lee');
    const minji = person('minji', '김민지');
    const minjun = person('minjun', '김민준');
    const token = await apiToken(page.request, sender);
    const ids: number[] = [];
    for (const who of [minji, minjun])
      ids.push(
        (
          await api<{ id: number }>(page.request, token, 'POST', '/contacts', {
            name: who.name,
            addresses: [who.email],
          })
        ).id,
      );
    await api(page.request, token, 'POST', '/contact-groups', { name: '디자인팀', memberIds: ids });
    const pageErrors: string[] = [];
    page.on('pageerror', (error) => pageErrors.push(error.message));

    await signIn(page, sender);
    await switchLanguage(page, 'en');
    await page.goto('/compose');
    const to = page.getByRole('combobox', { name: 'To', exact: true });
    await to.click();

    await test.step('ㄱㅁㅈ, the last consonant still in the IME, finds both; Enter takes the chosen one', async () => {
      const ime = await page.context().newCDPSession(page);
      await page.keyboard.insertText('ㄱㅁ');
      // The IME holds ㅈ open, as a Korean keyboard does until the next key.
      await ime.send('Input.imeSetComposition', { text: 'ㅈ', selectionStart: 1, selectionEnd: 1 });
      const list = page.getByRole('listbox', { name: 'Suggested recipients' });
      await expect(list.getByRole('option')).toHaveCount(2);
      // 김민준 was saved last, so comes first; the arrow moves to 김민지.
      const options = list.getByRole('option');
      await expect(options.nth(0)).toContainText(minjun.email);
      await expect(options.nth(0)).toHaveAttribute('aria-selected', 'true');
      await page.keyboard.press('ArrowDown');
      await expect(options.nth(1)).toContainText(minji.email);
      await expect(options.nth(1)).toHaveAttribute('aria-selected', 'true');
      await page.keyboard.press('Enter');
      // The IME then commits its syllable: it must not stay in the box or become a chip.
      await ime.send('Input.insertText', { text: 'ㅈ' });
      await expect(page.getByRole('button', { name: `Remove 김민지 <${minji.email}>` })).toBeVisible();
      await expect(to).toHaveValue('');
      await expect(page.getByTestId('refused-chip')).toHaveCount(0);
      await expect(list).toBeHidden();
    });

    await test.step('the group’s name offers the group; a tap adds its members', async () => {
      await page.keyboard.insertText('디자');
      const group = page.getByRole('option', { name: /디자인팀/ });
      await expect(group).toContainText('Group · 2 people');
      await group.tap();
      await expect(page.getByRole('button', { name: `Remove 김민준 <${minjun.email}>` })).toBeVisible();
      // 김민지 was there already: each person once.
      await expect(page.getByRole('button', { name: /^Remove / })).toHaveCount(2);
      await expect(to).toHaveValue('');
      await expect(to).toBeFocused();
    });

    await test.step('Escape closes the list and leaves the typed address to Enter', async () => {
      await page.keyboard.type('min');
      await expect(page.getByRole('listbox')).toBeVisible();
      await page.keyboard.press('Escape');
      await expect(page.getByRole('listbox')).toBeHidden();
      await page.keyboard.type('@example.com');
      await page.keyboard.press('Enter');
      await expect(page.getByRole('button', { name: 'Remove min@example.com' })).toBeVisible();
    });
    expect(pageErrors).toEqual([]);
  });
});
