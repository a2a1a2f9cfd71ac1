import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { resetApiClientState } from '@/lib/api-client';
import { fakeAccessToken, kim, resetAuth } from '@/test/auth-fixtures';
import { fail, ok, serveApi } from '@/test/fake-api';
import { connectSessionToApiClient } from './session';
import { useAuthStore } from './store';

beforeEach(() => {
  resetAuth();
  connectSessionToApiClient();
});

afterEach(() => resetApiClientState());

describe('auth store start-up (SPEC §4)', () => {
  it('skips the check when a signed-in user and token are already stored', async () => {
    const seen = serveApi(() => ok(kim));
    resetAuth({ user: kim, token: fakeAccessToken(), refreshToken: 'r', isAuthenticated: true });

    await useAuthStore.getState().initialize();

    expect(seen).toEqual([]);
    expect(useAuthStore.getState()).toMatchObject({ isInitialized: true, isAuthenticated: true });
  });

  it('settles as signed out without calling the server when there are no tokens', async () => {
    const seen = serveApi(() => ok(kim));
    await useAuthStore.getState().initialize();
    expect(seen).toEqual([]);
    expect(useAuthStore.getState()).toMatchObject({ isInitialized: true, isAuthenticated: false });
  });

  it('loads the user when only tokens are stored', async () => {
    const token = fakeAccessToken();
    const seen = serveApi(() => ok(kim));
    resetAuth({ token, refreshToken: 'r' });

    await useAuthStore.getState().initialize();

    expect(seen.map((r) => `${r.method} ${r.url}`)).toEqual(['GET /auth/me']);
    expect(seen[0]?.authorization).toBe(`Bearer ${token}`);
    expect(useAuthStore.getState()).toMatchObject({ user: kim, isAuthenticated: true, isInitialized: true });
  });

  it('renews an expired access token before loading the user', async () => {
    const fresh = fakeAccessToken();
    const seen = serveApi((request) =>
      request.url === '/auth/refresh'
        ? ok({ accessToken: fresh, refreshToken: 'r2', expiresIn: 900, tokenType: 'Bearer' })
        : ok(kim),
    );
    resetAuth({ token: fakeAccessToken(60), refreshToken: 'r1' });

    await useAuthStore.getState().initialize();

    expect(seen.map((r) => `${r.method} ${r.url}`)).toEqual(['POST /auth/refresh', 'GET /auth/me']);
    expect(seen[0]?.body).toEqual({ refreshToken: 'r1' });
    expect(seen[1]?.authorization).toBe(`Bearer ${fresh}`);
    expect(useAuthStore.getState()).toMatchObject({
      token: fresh,
      refreshToken: 'r2',
      isAuthenticated: true,
    });
  });

  it('forgets the tokens when the server refuses them', async () => {
    serveApi(() => fail(401, 'AUTHENTICATION_FAILED', '인증에 실패했습니다.'));
    resetAuth({ token: fakeAccessToken(), refreshToken: 'r' });

    await useAuthStore.getState().initialize();

    expect(useAuthStore.getState()).toMatchObject({
      token: null,
      refreshToken: null,
      user: null,
      isAuthenticated: false,
      isInitialized: true,
    });
  });

  it('keeps the tokens and the error when the server cannot be reached', async () => {
    const token = fakeAccessToken();
    serveApi(() => 'network');
    resetAuth({ token, refreshToken: 'r' });

    await useAuthStore.getState().initialize();

    expect(useAuthStore.getState()).toMatchObject({
      token,
      refreshToken: 'r',
      isAuthenticated: false,
      isInitialized: true,
      error: '네트워크 연결을 확인해 주세요.',
    });
  });

  it('persists only the session under auth-storage', () => {
    useAuthStore.getState().signIn({ accessToken: 'a', refreshToken: 'b' }, kim);
    const stored = JSON.parse(localStorage.getItem('auth-storage') ?? '{}') as { state: unknown };
    expect(stored.state).toEqual({ user: kim, token: 'a', refreshToken: 'b', isAuthenticated: true });
  });
});
