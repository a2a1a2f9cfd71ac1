import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import nodemailer, { type SendMailOptions } from 'nodemailer';

/** Helpers shared by the journeys written for issue 10 and after. */

export const resultsDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../test-results');

export const shot = (page: Page, name: string) =>
  page.screenshot({ path: path.join(resultsDir, `${name}.png`), fullPage: true });

export interface Person {
  email: string;
  name: string;
}

/** A person unique to this run, so journeys never see each other's mail. */
export function person(localPart: string, name: string): Person {
  return { email: `${localPart}.${Date.now()}.${Math.floor(Math.random() * 1e6)}@postline.local`, name };
}

/**
 * Signs in through the mock login form, which speaks the browser's language (Korean unless the
 * context's locale is English), and waits for the dashboard.
 */
export async function signIn(page: Page, who: Person): Promise<void> {
  await page.goto('/login');
  await page.getByLabel(/^(이메일|E-mail)$/).fill(who.email);
  await page.getByLabel(/^(이름|Name)$/).fill(who.name);
  await page.getByRole('button', { name: /^(로그인|Sign in)$/ }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
}

/** An API token for a person, from the mock login (the account is made on first use). */
export async function apiToken(request: APIRequestContext, who: Person): Promise<string> {
  const response = await request.post('/api/v1/auth/mock-login', { data: who });
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { data: { accessToken: string } }).data.accessToken;
}

/** A JSON call to the API with a token; answers the envelope's data. */
export async function api<T>(
  request: APIRequestContext,
  token: string,
  method: string,
  url: string,
  data?: unknown,
): Promise<T> {
  const response = await request.fetch(`/api/v1${url}`, {
    method,
    headers: { Authorization: `Bearer ${token}` },
    ...(data === undefined ? {} : { data }),
  });
  expect(response.ok(), `${method} ${url}: ${response.status()} ${await response.text()}`).toBe(true);
  return ((await response.json()) as { data: T }).data;
}

/** The row of a message in the open list, found by its subject. */
export function messageRow(page: Page, subject: string): Locator {
  return page
    .getByTestId('message-row')
    .filter({ has: page.getByTestId('row-subject').getByText(subject, { exact: true }) });
}

/** Switches the interface language with the language switcher. */
export async function switchLanguage(page: Page, to: 'ko' | 'en'): Promise<void> {
  const group = page.getByRole('group', { name: to === 'en' ? '언어' : 'Language' });
  await group.getByRole('button', { name: to === 'en' ? 'English' : '한국어' }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', to);
}

/** Mail from another server: sent over SMTP to the server under test (its E2E_SMTP_PORT). */
export async function smtpSend(message: SendMailOptions): Promise<void> {
  const transport = nodemailer.createTransport({
    host: '127.0.0.1',
    port: Number(process.env.E2E_SMTP_PORT),
    secure: false,
    ignoreTLS: true,
  });
  try {
    await transport.sendMail(message);
  } finally {
    transport.close();
  }
}
