import type { TokenResponse } from '@postline/shared/auth';
import { api } from '@/lib/api-client';

/** POST /auth/refresh: trades a refresh token for a new pair (the old one is spent). */
export function refreshTokens(refreshToken: string): Promise<TokenResponse> {
  return api.post<TokenResponse>('/auth/refresh', { refreshToken });
}
