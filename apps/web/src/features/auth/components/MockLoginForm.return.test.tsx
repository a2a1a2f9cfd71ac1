import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { resetApiClientState } from '@/lib/api-client';
import { fakeAccessToken, kim, resetAuth } from '@/test/auth-fixtures';
import { ok, serveApi } from '@/test/fake-api';
import { currentLocation, renderScreen } from '@/test/render';
import { rememberReturnTo, resetReturnTo } from '../return-to';
import { connectSessionToApiClient } from '../session';
import { MockLoginForm } from './MockLoginForm';

/* Issue 34: a session that ended with a reload (the login page instead of the dialog) signs in
 * back to the same compose, where the message waits in this browser. */

beforeEach(() => {
  resetAuth({ isInitialized: true });
  resetReturnTo();
  connectSessionToApiClient();
});
afterEach(() => resetApiClientState());

it('signs in and goes back to where the visitor was going, a compose with its draft', async () => {
  serveApi(() =>
    ok({
      accessToken: fakeAccessToken(),
      refreshToken: 'r1',
      expiresIn: 900,
      tokenType: 'Bearer',
      user: kim,
    }),
  );
  rememberReturnTo('/compose?draftId=5');
  renderScreen('/login', '/login', <MockLoginForm />);
  await userEvent.type(screen.getByLabelText('이메일'), kim.email);
  await userEvent.type(screen.getByLabelText('이름'), kim.name);
  await userEvent.click(screen.getByRole('button', { name: '로그인' }));
  await waitFor(() => expect(currentLocation()).toBe('/compose?draftId=5'));
});
