import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import net, { type AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { repoRoot, serverEntry } from './server-process';
import { shot } from './support';

/**
 * The OpenID journey needs a server configured for a provider, so it starts both here: a certified
 * provider (oidc-provider, with its development login and consent pages) and a second Postline
 * server on its own port and data folder.
 */

interface OidcProviderLike {
  callback(): (request: http.IncomingMessage, response: http.ServerResponse) => void;
  on(event: string, listener: () => void): void;
}
type OidcProviderClass = new (issuer: string, configuration: Record<string, unknown>) => OidcProviderLike;

async function freePort(): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

const CLIENT = { client_id: 'postline-e2e', client_secret: 'postline-e2e-secret-0123456789' };
let providerServer: http.Server | undefined;
let postline: ChildProcess | undefined;
let dataDir = '';
let appUrl = '';

test.beforeAll(async () => {
  test.setTimeout(120_000);
  const appPort = await freePort();
  appUrl = `http://127.0.0.1:${appPort}`;
  providerServer = http.createServer();
  await new Promise<void>((resolve) => providerServer?.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(providerServer.address() as AddressInfo).port}`;
  // A variable specifier: the package ships no types, and only this file uses it.
  const specifier = 'oidc-provider';
  const { default: Provider } = (await import(specifier)) as { default: OidcProviderClass };
  const provider = new Provider(issuer, {
    clients: [
      {
        ...CLIENT,
        redirect_uris: [`${appUrl}/api/v1/login/oauth2/code/keycloak`],
        grant_types: ['authorization_code'],
        response_types: ['code'],
      },
    ],
    pkce: { required: () => true },
    claims: { email: ['email', 'email_verified'], profile: ['name'] },
    findAccount: (_ctx: unknown, id: string) => ({
      accountId: id,
      claims: () => ({ sub: id, email: `${id}@corp.example`, email_verified: true, name: '한소라' }),
    }),
    features: { devInteractions: { enabled: true } },
    cookies: { keys: ['e2e-cookie-key'] },
  });
  provider.on('server_error', () => undefined);
  providerServer.on('request', provider.callback());

  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'postline-e2e-oidc-'));
  const log = fs.openSync(`${dataDir}.log`, 'a');
  postline = spawn(process.execPath, [serverEntry], {
    cwd: repoRoot,
    env: {
      ...process.env,
      PORT: String(appPort),
      HOST: '127.0.0.1',
      SMTP_PORT: String(await freePort()),
      DATA_DIR: dataDir,
      NODE_ENV: 'test',
      AUTH_MOCK_LOGIN: 'true',
      LOG_LEVEL: 'info',
      OIDC_ISSUER_URL: issuer,
      OIDC_CLIENT_ID: CLIENT.client_id,
      OIDC_CLIENT_SECRET: CLIENT.client_secret,
    },
    stdio: ['ignore', log, log],
  });
  fs.closeSync(log);
  await expect
    .poll(
      async () => {
        try {
          return (await fetch(`${appUrl}/api/v1/health`)).ok;
        } catch {
          return false;
        }
      },
      { timeout: 90_000, intervals: [250] },
    )
    .toBe(true);
});

test.afterAll(async () => {
  if (postline && postline.exitCode === null) {
    const exited = new Promise((resolve) => postline?.once('exit', resolve));
    postline.kill('SIGTERM');
    await exited;
  }
  await new Promise((resolve) => (providerServer ? providerServer.close(resolve) : resolve(undefined)));
  if (dataDir) {
    fs.rmSync(dataDir, { recursive: true, force: true });
    fs.rmSync(`${dataDir}.log`, { force: true });
  }
});

test('Sign in through the OpenID provider and land where you were going.', async ({ browser }) => {
  test.setTimeout(120_000);
  const context = await browser.newContext({ baseURL: appUrl });
  const page = await context.newPage();
  const account = `sora${Date.now()}`;

  // A link to the filters screen, opened signed out: the app asks to sign in first.
  await page.goto('/filters');
  await expect(page).toHaveURL(/\/login$/);
  await page.getByRole('button', { name: 'Keycloak으로 로그인' }).click();

  // The provider's own pages (in English): sign in, then allow Postline.
  await page.getByPlaceholder('Enter any login').fill(account);
  await page.getByPlaceholder('and password').fill('any');
  await page.getByRole('button', { name: 'Sign-in' }).click();
  await page.getByRole('button', { name: 'Continue' }).click();

  await expect(page).toHaveURL(/\/filters$/, { timeout: 15_000 });
  await expect(page.getByRole('heading', { level: 1, name: '필터' })).toBeVisible();
  await expect(page.getByText(`${account}@corp.example`)).toBeVisible();
  await expect(page.getByText('한소라').first()).toBeVisible();
  await shot(page, 'oidc-landed-on-filters-ko');

  // Signed in: a reload stays on the page, and the dashboard greets the provider's name.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: '필터' })).toBeVisible();
  await context.close();
});
