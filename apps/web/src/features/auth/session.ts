import { setSessionAdapter } from '@/lib/api-session';
import { useAuthStore } from './store';

/** Lets the API client read and renew the session kept in the auth store. */
export function connectSessionToApiClient(): void {
  setSessionAdapter({
    getAccessToken: () => useAuthStore.getState().token,
    getRefreshToken: () => useAuthStore.getState().refreshToken,
    refreshTokens: async (refreshToken) => {
      // Loaded on demand: the API client is not part of the first page load.
      const { refreshTokens } = await import('./api/refresh');
      const tokens = await refreshTokens(refreshToken);
      return { accessToken: tokens.accessToken, refreshToken: tokens.refreshToken };
    },
    saveTokens: (tokens) => useAuthStore.getState().setTokens(tokens),
    // Not signed out: the page stays, and a dialog over it signs in again (issue 34).
    clearSession: () => useAuthStore.getState().endSession(),
  });
}
