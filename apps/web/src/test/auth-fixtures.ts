import type { User } from '@postline/shared/auth';
import { useAuthStore } from '@/features/auth/store';

export const kim: User = {
  id: 1,
  email: 'kim@postline.local',
  name: '김민지',
  language: 'ko',
  createdAt: '2025-01-06T00:00:00.000Z',
};

/** An unsigned JWT whose exp lies the given number of seconds ahead. */
export function fakeAccessToken(expiresInSeconds = 15 * 60, sub = '1'): string {
  const encode = (value: object) => btoa(JSON.stringify(value)).replace(/=+$/, '');
  const exp = Math.floor(Date.now() / 1000) + expiresInSeconds;
  return `${encode({ alg: 'HS256' })}.${encode({ sub, exp })}.sig`;
}

/** Puts the auth store back to a first visit, then applies the given state. */
export function resetAuth(state: Partial<ReturnType<typeof useAuthStore.getState>> = {}): void {
  useAuthStore.setState({
    user: null,
    token: null,
    refreshToken: null,
    isAuthenticated: false,
    isInitialized: false,
    isLoading: false,
    error: null,
    ...state,
  });
}

export function signInAs(user: User = kim): void {
  resetAuth({
    user,
    token: fakeAccessToken(),
    refreshToken: 'refresh-1',
    isAuthenticated: true,
    isInitialized: true,
  });
}
