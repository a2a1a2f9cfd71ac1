import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next from 'i18next';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetApiClientState } from '@/lib/api-client';
import { redirectBrowser } from '@/lib/browser';
import { fakeAccessToken, kim, resetAuth } from '@/test/auth-fixtures';
import { fail, ok, serveApi } from '@/test/fake-api';
import { currentLocation, renderScreen } from '@/test/render';
import { connectSessionToApiClient } from '../session';
import { useAuthStore } from '../store';
import { LoginPage } from './LoginPage';

vi.mock('@/lib/browser', () => ({ redirectBrowser: vi.fn(), reloadPage: vi.fn() }));

const renderLogin = (path = '/login') => renderScreen(path, '/login', <LoginPage />);

beforeEach(() => {
  resetAuth({ isInitialized: true });
  connectSessionToApiClient();
});

afterEach(() => resetApiClientState());

describe('LoginPage', () => {
  it('offers Keycloak sign-in, the mock form with labelled fields, and the terms notice in Korean', async () => {
    renderLogin();
    expect(screen.getByRole('heading', { name: 'Postline에 로그인' })).toBeInTheDocument();
    expect(screen.getByLabelText('이메일')).toBeInTheDocument();
    expect(screen.getByLabelText('이름')).toBeInTheDocument();
    expect(screen.getByText(/서비스 이용약관/)).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: /Keycloak으로 로그인/ }));
    expect(redirectBrowser).toHaveBeenCalledWith('/api/v1/oauth2/authorization/keycloak');
  });

  it('shows the oauthError toast when the redirect fails', async () => {
    vi.mocked(redirectBrowser).mockImplementationOnce(() => {
      throw new Error('blocked');
    });
    renderLogin();
    await userEvent.click(screen.getByRole('button', { name: /Keycloak으로 로그인/ }));
    expect(
      await screen.findByText('외부 로그인으로 이동하지 못했습니다. 잠시 후 다시 시도해 주세요.'),
    ).toBeInTheDocument();
  });

  it('asks for both e-mail and name before calling the server', async () => {
    const seen = serveApi(() => ok({}));
    renderLogin();
    await userEvent.type(screen.getByLabelText('이메일'), 'kim@postline.local');
    await userEvent.click(screen.getByRole('button', { name: '로그인' }));
    expect(await screen.findByText('이메일과 이름을 모두 입력해 주세요.')).toBeInTheDocument();
    expect(seen).toEqual([]);
  });

  it('signs in, says so, and opens the dashboard about 100 ms later', async () => {
    const token = fakeAccessToken();
    const seen = serveApi(() =>
      ok({ accessToken: token, refreshToken: 'r1', expiresIn: 900, tokenType: 'Bearer', user: kim }),
    );
    renderLogin();

    await userEvent.type(screen.getByLabelText('이메일'), ' kim@postline.local ');
    await userEvent.type(screen.getByLabelText('이름'), '김민지');
    await userEvent.click(screen.getByRole('button', { name: '로그인' }));

    expect(await screen.findByText('로그인되었습니다.')).toBeInTheDocument();
    expect(seen.map((r) => [r.method, r.url, r.body])).toEqual([
      ['POST', '/auth/mock-login', { email: 'kim@postline.local', name: '김민지' }],
    ]);
    expect(useAuthStore.getState()).toMatchObject({
      user: kim,
      token,
      refreshToken: 'r1',
      isAuthenticated: true,
    });
    await waitFor(() => expect(currentLocation()).toBe('/dashboard'));
  });

  it("switches to the account's language on sign-in, whatever the sign-in page showed (issue 34)", async () => {
    const emma = { ...kim, email: 'emma@postline.local', name: 'Emma', language: 'en' as const };
    serveApi(() =>
      ok({
        accessToken: fakeAccessToken(),
        refreshToken: 'r1',
        expiresIn: 900,
        tokenType: 'Bearer',
        user: emma,
      }),
    );
    renderLogin();
    await userEvent.type(screen.getByLabelText('이메일'), 'emma@postline.local');
    await userEvent.type(screen.getByLabelText('이름'), 'Emma');
    await userEvent.click(screen.getByRole('button', { name: '로그인' }));

    expect(await screen.findByText('You are signed in.')).toBeInTheDocument();
    expect(i18next.language).toBe('en');
    expect(localStorage.getItem('language')).toBe('en');
  });

  it('shows the loginError toast when the server refuses', async () => {
    serveApi(() => fail(400, 'VALIDATION_ERROR', '입력값이 올바르지 않습니다.'));
    renderLogin();
    await userEvent.type(screen.getByLabelText('이메일'), 'kim');
    await userEvent.type(screen.getByLabelText('이름'), '김민지');
    await userEvent.click(screen.getByRole('button', { name: '로그인' }));
    expect(
      await screen.findByText('로그인에 실패했습니다. 입력한 정보를 확인해 주세요.'),
    ).toBeInTheDocument();
    expect(useAuthStore.getState().isAuthenticated).toBe(false);
    expect(currentLocation()).toBe('/login');
  });

  it('explains an ?error= from the sign-in redirect once', async () => {
    renderLogin('/login?error=oidc_not_configured');
    const texts = await screen.findAllByText('외부 로그인(Keycloak)이 이 서버에 설정되어 있지 않습니다.');
    expect(texts).toHaveLength(1);
  });

  it('names an unknown ?error= value', async () => {
    renderLogin('/login?error=weird_thing');
    expect(await screen.findByText('로그인 중 오류가 발생했습니다: weird_thing')).toBeInTheDocument();
  });
});
