import { create } from 'zustand';
import { persist } from 'zustand/middleware';
import type { User } from '@postline/shared/auth';
import { STORAGE_KEYS } from '@/lib/contract-constants';
import { isTokenExpired } from './token';

export interface TokenPair {
  accessToken: string;
  refreshToken: string;
}

interface AuthData {
  user: User | null;
  /** The access token. */
  token: string | null;
  refreshToken: string | null;
  isAuthenticated: boolean;
}

export interface AuthState extends AuthData {
  /** False until the start-up check (SPEC §4) has settled. */
  isInitialized: boolean;
  isLoading: boolean;
  error: string | null;
  /**
   * The session ended while the page was open (refresh token revoked or expired, signed out
   * elsewhere; issue 34): the tokens are gone but the user and the page stay, under a dialog that
   * signs in again in place, so nothing being written is lost.
   */
  sessionEnded: boolean;
  endSession(): void;
  initialize(): Promise<void>;
  setTokens(tokens: TokenPair): void;
  setUser(user: User): void;
  signIn(tokens: TokenPair, user: User): void;
  clearAuth(): void;
  clearError(): void;
}

const signedOut: AuthData = { user: null, token: null, refreshToken: null, isAuthenticated: false };

const UNAUTHORIZED_CODES = new Set(['AUTHENTICATION_FAILED', 'TOKEN_EXPIRED', 'INVALID_CREDENTIALS']);

/**
 * A failure meaning the tokens are worthless, as opposed to the server being unreachable. Read by
 * shape rather than `instanceof ApiError`, so this first-load module does not pull in the client.
 */
export function isUnauthorizedFailure(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { status, code, message } = error as { status?: unknown; code?: unknown; message?: unknown };
  if (status === 401 || (typeof code === 'string' && UNAUTHORIZED_CODES.has(code))) return true;
  return typeof message === 'string' && /\b401\b|unauthori[sz]ed/i.test(message);
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

export const useAuthStore = create<AuthState>()(
  persist(
    (set, get) => ({
      ...signedOut,
      isInitialized: false,
      isLoading: false,
      error: null,
      sessionEnded: false,

      endSession() {
        if (!get().isAuthenticated) return;
        set({ token: null, refreshToken: null, sessionEnded: true });
      },

      async initialize() {
        if (get().isInitialized || get().isLoading) return;
        const { isAuthenticated, user, token, refreshToken } = get();
        if (isAuthenticated && user && token) {
          set({ isInitialized: true });
          return;
        }
        if (!token && !refreshToken) {
          set({ ...signedOut, isInitialized: true });
          return;
        }
        set({ isLoading: true, error: null });
        try {
          // Loaded only when there is a session to check: a first visit never needs the API client.
          const [{ fetchMe }, { refreshTokens }] = await Promise.all([
            import('./api/me'),
            import('./api/refresh'),
          ]);
          if (refreshToken && (!token || isTokenExpired(token))) {
            get().setTokens(await refreshTokens(refreshToken));
          }
          const me = await fetchMe();
          set({ user: me, isAuthenticated: true, error: null });
        } catch (error) {
          if (isUnauthorizedFailure(error)) set({ ...signedOut });
          else set({ user: null, isAuthenticated: false, error: messageOf(error) });
        } finally {
          set({ isInitialized: true, isLoading: false });
        }
      },

      setTokens({ accessToken, refreshToken }) {
        set({ token: accessToken, refreshToken });
      },

      setUser(user) {
        set({ user, isAuthenticated: true, error: null });
      },

      signIn({ accessToken, refreshToken }, user) {
        set({
          token: accessToken,
          refreshToken,
          user,
          isAuthenticated: true,
          error: null,
          sessionEnded: false,
        });
      },

      clearAuth() {
        set({ ...signedOut, error: null, sessionEnded: false });
      },

      clearError() {
        set({ error: null });
      },
    }),
    {
      name: STORAGE_KEYS.auth,
      partialize: ({ user, token, refreshToken, isAuthenticated }): AuthData => ({
        user,
        token,
        refreshToken,
        isAuthenticated,
      }),
    },
  ),
);
