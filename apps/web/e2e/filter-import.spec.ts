import { expect, test } from '@playwright/test';
import { expectCondition, filterNames, filterRow, importFile } from './filter-support';
import { person, shot, signIn, switchLanguage } from './support';

test.use({ baseURL: process.env.E2E_BASE_URL });

/** A script as Roundcube's managesieve writes it: rule names in comments, one rule disabled. */
const SIEVE_SCRIPT = `require ["fileinto", "imap4flags"];
# rule:[회계 메일]
if allof (address :domain :is "from" "billing.example.com", header :contains "subject" "청구서")
{
	fileinto "회계";
	addflag "\\\\Seen";
}
# rule:[광고 정리]
if header :contains "subject" "[광고]"
{
	discard;
}
`;

/** Two filters as Gmail exports them (mailFilters.xml); the second has a smart label Postline lacks. */
const GMAIL_EXPORT = `<?xml version='1.0' encoding='UTF-8'?>
<feed xmlns='http://www.w3.org/2005/Atom' xmlns:apps='http://schemas.google.com/apps/2006'>
  <title>Mail Filters</title>
  <entry>
    <category term='filter'></category>
    <title>Mail Filter</title>
    <apps:property name='from' value='team@project.example.com'/>
    <apps:property name='label' value='project'/>
    <apps:property name='shouldStar' value='true'/>
  </entry>
  <entry>
    <category term='filter'></category>
    <title>Mail Filter</title>
    <apps:property name='subject' value='receipt'/>
    <apps:property name='smartLabelToApply' value='^smartlabel_receipt'/>
    <apps:property name='shouldArchive' value='true'/>
  </entry>
</feed>
`;

test('Import a Sieve script and a Gmail filter export.', async ({ page }) => {
  test.setTimeout(120_000);
  const pageErrors: string[] = [];
  page.on('pageerror', (error) => pageErrors.push(error.message));
  const me = person('hyunwoo', '오현우');
  await signIn(page, me);
  await page.getByRole('navigation', { name: '주 메뉴' }).getByRole('link', { name: /필터/ }).click();
  await expect(page.getByText('아직 필터가 없습니다.')).toBeVisible();

  await test.step('imports the Sieve script: two filters, and the folder it files into is made', async () => {
    await importFile(page, '가져오기', {
      name: 'roundcube.sieve',
      mimeType: 'text/plain',
      text: SIEVE_SCRIPT,
    });
    const report = page.getByRole('region', { name: '가져오기 결과' });
    await expect(report).toContainText('필터 2개를 가져왔습니다.', { timeout: 15_000 });
    await expect(report).toContainText('가져온 필터를 위해 만든 폴더: 회계');
    await expect(report).toContainText('모든 항목을 옮겼습니다.');
    await expect(filterNames(page)).toHaveText(['회계 메일', '광고 정리']);
    await expect(filterRow(page, '회계 메일')).toContainText('조건 2개');
    await expect(filterRow(page, '회계 메일')).toContainText('동작 2개');
    await expect(
      page.getByRole('navigation', { name: '내 메일함' }).getByRole('link', { name: '회계' }),
    ).toBeVisible();
    await shot(page, 'organising-import-sieve-ko');
  });

  await test.step('the Sieve rules read back as the same conditions and actions', async () => {
    await filterRow(page, '회계 메일').getByRole('button', { name: '편집' }).click();
    const edit = page.getByRole('dialog', { name: '필터 편집' });
    await expect(edit.getByLabel('필터 이름')).toHaveValue('회계 메일');
    await expectCondition(
      edit.getByRole('group', { name: '조건 1' }),
      'FROM',
      'ENDS_WITH',
      '@billing.example.com',
    );
    await expectCondition(edit.getByRole('group', { name: '조건 2' }), 'SUBJECT', 'CONTAINS', '청구서');
    const move = edit.getByRole('group', { name: '동작 1' });
    await expect(move.getByLabel('동작 종류')).toHaveValue('MOVE_TO_FOLDER');
    await expect(move.getByLabel('폴더').locator('option:checked')).toHaveText('회계');
    await expect(edit.getByRole('group', { name: '동작 2' }).getByLabel('동작 종류')).toHaveValue(
      'MARK_READ',
    );
    await expect(edit.getByRole('group', { name: '동작 3' })).toHaveCount(0);
    await edit.getByRole('button', { name: '취소' }).click();

    await filterRow(page, '광고 정리').getByRole('button', { name: '편집' }).click();
    await expectCondition(edit.getByRole('group', { name: '조건 1' }), 'SUBJECT', 'CONTAINS', '[광고]');
    await expect(edit.getByRole('group', { name: '동작 1' }).getByLabel('동작 종류')).toHaveValue('DELETE');
    await edit.getByRole('button', { name: '취소' }).click();
    await expect(edit).toBeHidden();
    await page.getByRole('button', { name: '가져오기 결과 닫기' }).click();
    await expect(page.getByRole('region', { name: '가져오기 결과' })).toBeHidden();
  });

  await test.step('in English, imports the Gmail export and is told what could not be carried over', async () => {
    await switchLanguage(page, 'en');
    await importFile(page, 'Import', { name: 'mailFilters.xml', mimeType: 'text/xml', text: GMAIL_EXPORT });
    const report = page.getByRole('region', { name: 'Import report' });
    await expect(report).toContainText('2 filters were imported.', { timeout: 15_000 });
    await expect(report).toContainText('1 thing could not be carried over:');
    await expect(report.getByRole('listitem')).toContainText('smartLabelToApply');
    await expect(page.getByRole('list', { name: '4 filters' })).toBeVisible();
    await expect(filterNames(page)).toHaveText([
      '회계 메일',
      '광고 정리',
      'Gmail: from:team@project.example.com',
      'Gmail: subject:receipt',
    ]);
    await shot(page, 'organising-import-gmail-en');
  });

  await test.step('the Gmail filters carry their criteria and actions', async () => {
    await switchLanguage(page, 'ko');
    await filterRow(page, 'Gmail: from:team@project.example.com')
      .getByRole('button', { name: '편집' })
      .click();
    const edit = page.getByRole('dialog', { name: '필터 편집' });
    await expectCondition(
      edit.getByRole('group', { name: '조건 1' }),
      'FROM',
      'CONTAINS',
      'team@project.example.com',
    );
    const label = edit.getByRole('group', { name: '동작 1' });
    await expect(label.getByLabel('동작 종류')).toHaveValue('ADD_LABEL');
    await expect(label.getByLabel('라벨')).toHaveValue('project');
    await expect(edit.getByRole('group', { name: '동작 2' }).getByLabel('동작 종류')).toHaveValue(
      'MARK_STARRED',
    );
    await edit.getByRole('button', { name: '취소' }).click();

    await filterRow(page, 'Gmail: subject:receipt').getByRole('button', { name: '편집' }).click();
    await expectCondition(edit.getByRole('group', { name: '조건 1' }), 'SUBJECT', 'CONTAINS', 'receipt');
    await expect(edit.getByRole('group', { name: '동작 1' }).getByLabel('동작 종류')).toHaveValue(
      'SKIP_INBOX',
    );
    await expect(edit.getByRole('group', { name: '동작 2' })).toHaveCount(0);
    await edit.getByRole('button', { name: '취소' }).click();
    await expect(edit).toBeHidden();
  });

  expect(pageErrors).toEqual([]);
});
