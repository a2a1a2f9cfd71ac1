import { z } from 'zod';
import { EMAIL_PATTERN } from './limits.js';

export const userSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  name: z.string(),
  language: z.enum(['ko', 'en']),
  createdAt: z.string(),
});
export type User = z.infer<typeof userSchema>;

export const mockLoginRequestSchema = z.object({
  email: z.string().trim().min(1).max(254).regex(EMAIL_PATTERN),
  name: z.string().trim().min(1).max(100),
});
export type MockLoginRequest = z.infer<typeof mockLoginRequestSchema>;

export const tokenResponseSchema = z.object({
  accessToken: z.string(),
  refreshToken: z.string(),
  expiresIn: z.number().int(),
  tokenType: z.literal('Bearer'),
});
export type TokenResponse = z.infer<typeof tokenResponseSchema>;

export const loginResponseSchema = tokenResponseSchema.extend({ user: userSchema });
export type LoginResponse = z.infer<typeof loginResponseSchema>;

export const refreshRequestSchema = z.object({ refreshToken: z.string().min(1).max(512) });
export type RefreshRequest = z.infer<typeof refreshRequestSchema>;

export const exchangeTokenQuerySchema = z.object({ code: z.string().min(1).max(512) });

/** Claims of the access token (DESIGN.md "Auth"). */
export interface AccessTokenClaims {
  sub: string;
  email: string;
  /** refresh-token family: logout and reuse detection revoke it. */
  sid: string;
  exp: number;
  iat: number;
}

export const OIDC_PATHS = {
  authorize: '/api/v1/oauth2/authorization/keycloak',
  callback: '/api/v1/login/oauth2/code/keycloak',
} as const;

/** Local storage keys of the web app (SPEC §3). */
export const STORAGE_KEYS = {
  auth: 'auth-storage',
  language: 'language',
  notificationSettings: 'notificationSettings',
} as const;
