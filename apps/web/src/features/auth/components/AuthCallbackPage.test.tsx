import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { resetApiClientState } from '@/lib/api-client';
import { fakeAccessToken, kim, resetAuth } from '@/test/auth-fixtures';
import { fail, ok, serveApi } from '@/test/fake-api';
import { currentLocation, renderScreen } from '@/test/render';
import { connectSessionToApiClient } from '../session';
import { useAuthStore } from '../store';
import { AuthCallbackPage } from './AuthCallbackPage';

const renderCallback = (search: string) =>
  renderScreen(`/auth/callback${search}`, '/auth/callback', <AuthCallbackPage />);

beforeEach(() => {
  resetAuth({ isInitialized: true });
  connectSessionToApiClient();
});

afterEach(() => resetApiClientState());

describe('AuthCallbackPage (SPEC §4)', () => {
  it('trades the code once, loads the user and opens the dashboard', async () => {
    const token = fakeAccessToken();
    const seen = serveApi((request) =>
      request.url === '/auth/exchange-token'
        ? ok({ accessToken: token, refreshToken: 'r1', expiresIn: 900, tokenType: 'Bearer' })
        : ok(kim),
    );
    renderCallback('?code=one-time-code');

    expect(screen.getByRole('heading', { name: '로그인 처리 중입니다…' })).toBeInTheDocument();
    expect(await screen.findByText('로그인되었습니다.')).toBeInTheDocument();
    await waitFor(() => expect(currentLocation()).toBe('/dashboard'));

    // Rendered under StrictMode: the single-use code must still be sent only once.
    expect(seen.map((r) => [r.method, r.url, r.params])).toEqual([
      ['POST', '/auth/exchange-token', { code: 'one-time-code' }],
      ['GET', '/auth/me', undefined],
    ]);
    expect(seen[1]?.authorization).toBe(`Bearer ${token}`);
    expect(useAuthStore.getState()).toMatchObject({
      user: kim,
      token,
      refreshToken: 'r1',
      isAuthenticated: true,
    });
  });

  it('sends a provider error to the login page, which explains it', async () => {
    const seen = serveApi(() => ok({}));
    renderCallback('?error=access_denied');
    await waitFor(() => expect(currentLocation()).toBe('/login?error=access_denied'));
    expect(seen).toEqual([]);
  });

  it('goes back to login with a toast when the code is missing', async () => {
    renderCallback('');
    expect(await screen.findByText('인증 정보가 없습니다. 다시 로그인해 주세요.')).toBeInTheDocument();
    expect(currentLocation()).toBe('/login');
  });

  it('goes back to login with the processing error when the exchange fails', async () => {
    serveApi(() => fail(400, 'AUTHENTICATION_FAILED', 'expired code'));
    renderCallback('?code=stale');
    expect(await screen.findByText('로그인 처리 중 오류가 발생했습니다.')).toBeInTheDocument();
    await waitFor(() => expect(currentLocation()).toBe('/login'));
    expect(useAuthStore.getState()).toMatchObject({ token: null, isAuthenticated: false });
  });
});
