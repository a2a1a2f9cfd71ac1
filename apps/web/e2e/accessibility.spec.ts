import fs from 'node:fs';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { api, apiToken, person, resultsDir, signIn, switchLanguage } from './support';

/*
 * axe-core over every screen (issue 37), in Korean and in English, as WCAG 2.1 AA: no serious or
 * critical violation. The counts by impact go to test-results/axe-summary.json (docs/BENCHMARKS.md
 * keeps them beside the Lighthouse scores). A journey's setup gives each screen something to show.
 */

interface RouteResult {
  route: string;
  language: 'ko' | 'en';
  violations: Record<string, number>;
  serious: string[];
}

async function audit(page: Page, route: string, language: 'ko' | 'en'): Promise<RouteResult> {
  await page.goto(route);
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  // A screen's data is in once nothing is loading.
  await expect(page.getByRole('status').filter({ hasText: /불러오는 중|Loading/ })).toHaveCount(0);
  const { violations } = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  const counts: Record<string, number> = {};
  for (const v of violations)
    counts[v.impact ?? 'unknown'] = (counts[v.impact ?? 'unknown'] ?? 0) + v.nodes.length;
  const serious = violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  return { route, language, violations: counts, serious };
}

test('Every screen passes axe (WCAG 2.1 AA) with no serious or critical violation, in Korean and English.', async ({
  page,
  request,
}) => {
  const hana = person('hana', '최하나');
  const token = await apiToken(request, hana);
  await api(request, token, 'POST', '/messages', {
    toAddresses: [hana.email],
    subject: '접근성 점검용 메일',
    bodyText: '목록과 메일 화면에 보일 내용입니다.',
  });
  await api(request, token, 'POST', '/contacts', { name: '김민지', addresses: ['minji@example.com'] });
  const inbox = await api<{ content: { id: number }[] }>(
    request,
    token,
    'GET',
    '/messages?mailboxType=INBOX',
  );
  const message = inbox.content[0]!.id;
  const routes = [
    '/dashboard',
    '/mailbox/inbox',
    '/mailbox/sent',
    `/message/${message}`,
    `/message/${message}/original`,
    '/compose',
    '/filters',
    '/templates',
    '/signatures',
    '/notifications',
    '/settings',
    '/contacts',
  ];

  const results: RouteResult[] = [];
  await page.goto('/login');
  results.push(await audit(page, '/login', 'ko'));
  await signIn(page, hana);
  for (const language of ['ko', 'en'] as const) {
    if (language === 'en') await switchLanguage(page, 'en');
    for (const route of routes) results.push(await audit(page, route, language));
  }
  fs.mkdirSync(resultsDir, { recursive: true });
  fs.writeFileSync(path.join(resultsDir, 'axe-summary.json'), JSON.stringify(results, null, 2));
  expect(results.flatMap((r) => r.serious.map((line) => `${r.language} ${r.route}: ${line}`))).toEqual([]);
});
