import { setSessionAdapter } from '@/lib/api-client';
import { refreshTokens } from './api/refresh';
import { useAuthStore } from './store';

/** Lets the API client read and renew the session kept in the auth store. */
export function connectSessionToApiClient(): void {
  setSessionAdapter({
    getAccessToken: () => useAuthStore.getState().token,
    getRefreshToken: () => useAuthStore.getState().refreshToken,
    refreshTokens: async (refreshToken) => {
      const tokens = await refreshTokens(refreshToken);
      return { accessToken: tokens.accessToken, refreshToken: tokens.refreshToken };
    },
    saveTokens: (tokens) => useAuthStore.getState().setTokens(tokens),
    clearSession: () => useAuthStore.getState().clearAuth(),
  });
}
