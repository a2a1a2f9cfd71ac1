import axios, { type AxiosRequestConfig, type AxiosResponse } from 'axios';
import { API_BASE_PATH, API_TIMEOUT_MS, LOGOUT_AFTER_REFRESH_FAILURE_MS } from '@postline/shared/limits';
import { ApiError, errorFromResponse, networkError, timeoutError } from './api-error';
import { currentSession, emitApiEvent, requestLanguage, resetApiSession } from './api-session';

/**
 * For calls that move a whole file (upload and download, up to 25 MB): on a slow link these take
 * far longer than the API_TIMEOUT_MS every other call gets (SPEC §9).
 */
export const FILE_TRANSFER_TIMEOUT_MS = 5 * 60_000;

let refreshing: Promise<string> | null = null;
let logoutTimer: ReturnType<typeof setTimeout> | null = null;

export const http = axios.create({
  baseURL: API_BASE_PATH,
  timeout: API_TIMEOUT_MS,
  withCredentials: false,
  headers: { Accept: 'application/json' },
});

http.interceptors.request.use((config) => {
  const token = currentSession().getAccessToken();
  if (token && !config.headers.has('Authorization')) {
    config.headers.set('Authorization', `Bearer ${token}`);
  }
  config.headers.set('Accept-Language', requestLanguage());
  return config;
});

/** Data of an envelope {success, data, message}; a body without one is returned as is. */
export function unwrapEnvelope<T>(response: Pick<AxiosResponse, 'data' | 'status'>): T {
  const body: unknown = response.data;
  if (typeof body === 'object' && body !== null && 'success' in body) {
    const envelope = body as { success: unknown; data?: unknown };
    if (envelope.success === false) throw errorFromResponse(response.status, body, 'envelope');
    if (envelope.success === true) return ('data' in envelope ? envelope.data : body) as T;
  }
  return body as T;
}

function toApiError(error: unknown): ApiError {
  if (error instanceof ApiError) return error;
  if (axios.isAxiosError(error)) {
    if (error.response) return errorFromResponse(error.response.status, error.response.data);
    if (error.code === 'ECONNABORTED' || error.code === 'ETIMEDOUT') return timeoutError();
    return networkError();
  }
  return networkError();
}

function scheduleLogout(): void {
  if (logoutTimer) return;
  logoutTimer = setTimeout(() => {
    logoutTimer = null;
    currentSession().clearSession();
    emitApiEvent({ type: 'session-expired' });
  }, LOGOUT_AFTER_REFRESH_FAILURE_MS);
}

/** One refresh at a time: 401s that arrive together wait for the same new token. */
function refreshAccessToken(): Promise<string> {
  refreshing ??= (async () => {
    const session = currentSession();
    const refreshToken = session.getRefreshToken();
    if (!refreshToken) throw new Error('No refresh token');
    const tokens = await session.refreshTokens(refreshToken);
    session.saveTokens(tokens);
    return tokens.accessToken;
  })().finally(() => {
    refreshing = null;
  });
  return refreshing;
}

/** A download (responseType blob) gets its error answer as a Blob too: read the JSON envelope in it. */
async function readBlobErrorBody(error: unknown): Promise<void> {
  if (!axios.isAxiosError(error) || !(error.response?.data instanceof Blob)) return;
  try {
    error.response.data = JSON.parse(await error.response.data.text()) as unknown;
  } catch {
    // Not JSON: the status text will do.
  }
}

async function send<T>(config: AxiosRequestConfig, token?: string): Promise<T> {
  const headers = token ? { ...config.headers, Authorization: `Bearer ${token}` } : config.headers;
  try {
    return unwrapEnvelope<T>(await http.request({ ...config, headers }));
  } catch (error) {
    await readBlobErrorBody(error);
    throw error;
  }
}

function canRefresh(error: ApiError, config: AxiosRequestConfig): boolean {
  return error.status === 401 && !(config.url ?? '').includes('/auth/');
}

/**
 * Sends a call under /api/v1 and resolves with the envelope's data. A 401 outside /auth/ is
 * retried once with a refreshed token; if that cannot happen, the session ends after 100 ms.
 */
export async function apiRequest<T>(config: AxiosRequestConfig): Promise<T> {
  const session = currentSession();
  const sentWith = session.getAccessToken();
  try {
    return await send<T>(config);
  } catch (raw) {
    let error = toApiError(raw);
    if (canRefresh(error, config)) {
      let token: string;
      try {
        // Another call may have refreshed already while this one was in flight.
        const current = session.getAccessToken();
        token = current && current !== sentWith ? current : await refreshAccessToken();
      } catch {
        if (sentWith || session.getRefreshToken()) scheduleLogout();
        throw error;
      }
      try {
        return await send<T>(config, token);
      } catch (retryRaw) {
        error = toApiError(retryRaw);
      }
    }
    if (error.isServerError) emitApiEvent({ type: 'server-error', error });
    throw error;
  }
}

export const api = {
  get: <T>(url: string, config?: AxiosRequestConfig) => apiRequest<T>({ ...config, url, method: 'GET' }),
  delete: <T>(url: string, config?: AxiosRequestConfig) =>
    apiRequest<T>({ ...config, url, method: 'DELETE' }),
  post: <T>(url: string, data?: unknown, config?: AxiosRequestConfig) =>
    apiRequest<T>({ ...config, url, data, method: 'POST' }),
  put: <T>(url: string, data?: unknown, config?: AxiosRequestConfig) =>
    apiRequest<T>({ ...config, url, data, method: 'PUT' }),
  patch: <T>(url: string, data?: unknown, config?: AxiosRequestConfig) =>
    apiRequest<T>({ ...config, url, data, method: 'PATCH' }),
};

/** Test hook: forget pending refresh and logout state between cases. */
export function resetApiClientState(): void {
  refreshing = null;
  if (logoutTimer) clearTimeout(logoutTimer);
  logoutTimer = null;
  resetApiSession();
}
