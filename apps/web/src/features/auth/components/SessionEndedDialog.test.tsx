import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api, resetApiClientState } from '@/lib/api-client';
import * as browser from '@/lib/browser';
import { subscribeApiEvents, type ApiEvent } from '@/lib/api-session';
import { kim, signInAs } from '@/test/auth-fixtures';
import { fail, ok, serveApi, type SeenRequest } from '@/test/fake-api';
import { renderScreen } from '@/test/render';
import { connectSessionToApiClient } from '../session';
import { useAuthStore } from '../store';
import { SessionEndedDialog } from './SessionEndedDialog';

/* Issue 34: a session that ends while a page is open keeps the page; signing in again is done over it. */

let seen: SeenRequest[];
let signsInAs: typeof kim;

function Page() {
  const ended = useAuthStore((state) => state.sessionEnded);
  return (
    <>
      <label>
        내용
        <textarea defaultValue="쓰던 답장" />
      </label>
      {ended && <SessionEndedDialog />}
    </>
  );
}

beforeEach(() => {
  signInAs();
  signsInAs = kim;
  connectSessionToApiClient();
  seen = serveApi((request) => {
    if (request.url === '/auth/refresh') return fail(401, 'AUTHENTICATION_FAILED', '세션이 끝났습니다.');
    if (request.url === '/auth/mock-login')
      return ok({ user: signsInAs, accessToken: 'access-new', refreshToken: 'refresh-new' });
    return request.headers.Authorization === 'Bearer access-new'
      ? ok({ saved: true })
      : fail(401, 'TOKEN_EXPIRED', '만료');
  });
});
afterEach(() => resetApiClientState());

/** A call meets the revoked session: the refresh fails, the session ends 100 ms later. */
async function sessionEnds() {
  await expect(api.put('/messages/drafts/5', {})).rejects.toMatchObject({ status: 401 });
  await waitFor(() => expect(useAuthStore.getState().sessionEnded).toBe(true));
}

describe('SessionEndedDialog', () => {
  it('keeps the page and the user, and signs the same person in again in place', async () => {
    const events: ApiEvent[] = [];
    subscribeApiEvents((event) => events.push(event));
    renderScreen('/compose', '/compose', <Page />);
    await act(sessionEnds);
    expect(useAuthStore.getState()).toMatchObject({ isAuthenticated: true, user: kim, token: null });

    const dialog = await screen.findByRole('alertdialog', { name: '다시 로그인해 주세요' });
    expect(within(dialog).getByText('계정: kim@postline.local')).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: '닫기' })).toBeNull();
    await userEvent.click(within(dialog).getByRole('button', { name: '김민지(으)로 다시 로그인' }));

    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(screen.getByLabelText('내용')).toHaveValue('쓰던 답장');
    expect(useAuthStore.getState()).toMatchObject({ token: 'access-new', sessionEnded: false });
    expect(seen.find((r) => r.url === '/auth/mock-login')?.body).toEqual({
      email: kim.email,
      name: kim.name,
    });
    expect(events).toContainEqual({ type: 'session-restored' });
    await expect(api.put('/messages/drafts/5', {})).resolves.toEqual({ saved: true });
  });

  it('sends another person to a fresh page instead of showing them this one', async () => {
    const redirect = vi.spyOn(browser, 'redirectBrowser').mockImplementation(() => undefined);
    signsInAs = { ...kim, id: 2, email: 'park@postline.local' };
    renderScreen('/compose', '/compose', <Page />);
    await act(sessionEnds);
    const dialog = await screen.findByRole('alertdialog');
    await userEvent.click(within(dialog).getByRole('button', { name: '김민지(으)로 다시 로그인' }));
    await waitFor(() => expect(redirect).toHaveBeenCalledWith('/dashboard'));
    redirect.mockRestore();
  });

  it('through the identity provider, comes back to the same page afterwards', async () => {
    const redirect = vi.spyOn(browser, 'redirectBrowser').mockImplementation(() => undefined);
    renderScreen('/message/7?answer=reply', '/message/:id', <Page />);
    await act(sessionEnds);
    await userEvent.click(await screen.findByRole('button', { name: 'Keycloak으로 로그인' }));
    expect(redirect).toHaveBeenCalledWith(expect.stringContaining('/oauth2/authorization'));
    expect(sessionStorage.getItem('postline.returnTo')).toBe('/message/7?answer=reply');
    redirect.mockRestore();
  });
});
