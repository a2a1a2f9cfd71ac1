import { DEFAULT_LANGUAGE } from '@postline/shared/errors';
import type { ApiError } from './api-error';

/*
 * What the API client shares with the rest of the app, kept apart from the client so that wiring
 * it up does not load the client: the login page must stay small, and the client arrives with the first call.
 */

export interface SessionTokens {
  accessToken: string;
  refreshToken: string;
}

/** What the client needs from whoever owns the session (the auth feature). */
export interface SessionAdapter {
  getAccessToken(): string | null;
  getRefreshToken(): string | null;
  refreshTokens(refreshToken: string): Promise<SessionTokens>;
  saveTokens(tokens: SessionTokens): void;
  clearSession(): void;
}

/** Events the app turns into toasts and navigation; the client itself shows nothing. */
export type ApiEvent =
  | { type: 'session-expired' }
  /** The same user signed in again after the session ended: work held back may go up now. */
  | { type: 'session-restored' }
  | { type: 'server-error'; error: ApiError };
type ApiEventListener = (event: ApiEvent) => void;

const noSession: SessionAdapter = {
  getAccessToken: () => null,
  getRefreshToken: () => null,
  refreshTokens: () => Promise.reject(new Error('No session adapter')),
  saveTokens: () => undefined,
  clearSession: () => undefined,
};

let session: SessionAdapter = noSession;
let languageSource: () => string = () => document.documentElement.lang || DEFAULT_LANGUAGE;
const listeners = new Set<ApiEventListener>();

export function setSessionAdapter(adapter: SessionAdapter): void {
  session = adapter;
}

export function currentSession(): SessionAdapter {
  return session;
}

export function setLanguageSource(source: () => string): void {
  languageSource = source;
}

export function requestLanguage(): string {
  return languageSource();
}

export function subscribeApiEvents(listener: ApiEventListener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function emitApiEvent(event: ApiEvent): void {
  for (const listener of listeners) listener(event);
}

/** Test hook: back to no session and no listeners. */
export function resetApiSession(): void {
  session = noSession;
  listeners.clear();
}
