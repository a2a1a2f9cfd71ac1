import type { TokenResponse } from '@postline/shared/auth';
import { api } from '@/lib/api-client';

/** POST /auth/exchange-token?code=: trades the one-time code of the sign-in redirect for tokens. */
export function exchangeToken(code: string): Promise<TokenResponse> {
  return api.post<TokenResponse>('/auth/exchange-token', undefined, { params: { code } });
}
