import { renderHook, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { changeLanguage, i18next } from '@/lib/i18n';
import { resetApiClientState } from '@/lib/api-client';
import { kim, signInAs } from '@/test/auth-fixtures';
import { ok, serveApi } from '@/test/fake-api';
import { connectSessionToApiClient } from '../session';
import { useAuthStore } from '../store';
import { useLanguageSync } from './use-language-sync';

afterEach(() => resetApiClientState());

describe('useLanguageSync', () => {
  it("shows the account's language and never writes this device's over it (issue 34)", async () => {
    // A fresh browser that showed Korean; the account is English.
    signInAs({ ...kim, language: 'en' });
    connectSessionToApiClient();
    const seen = serveApi(() => ok({}));
    renderHook(() => useLanguageSync());
    await waitFor(() => expect(i18next.language).toBe('en'));
    expect(seen).toEqual([]);
    expect(useAuthStore.getState().user?.language).toBe('en');
  });

  it('saves a switch the user makes to the account', async () => {
    signInAs(kim);
    connectSessionToApiClient();
    const seen = serveApi((request) => ok({ ...kim, ...(JSON.parse(String(request.data)) as object) }));
    renderHook(() => useLanguageSync());
    await changeLanguage('en');
    await waitFor(() => expect(useAuthStore.getState().user?.language).toBe('en'));
    expect(seen.map((r) => [r.method, r.url, r.body])).toEqual([['PATCH', '/auth/me', { language: 'en' }]]);
    expect(i18next.language).toBe('en');
  });
});
