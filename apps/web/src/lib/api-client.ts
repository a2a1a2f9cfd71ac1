import { API_BASE_PATH, API_TIMEOUT_MS, LOGOUT_AFTER_REFRESH_FAILURE_MS } from '@postline/shared/limits';
import { ApiError, errorFromResponse, networkError, timeoutError } from './api-error';
import { TIME_ZONE_HEADER } from '@postline/shared/time-zones';
import { currentSession, emitApiEvent, requestLanguage, resetApiSession } from './api-session';
import {
  browserTransport,
  TransportError,
  type HttpRequest,
  type HttpResponse,
  type ResponseType,
  type Transport,
  type UploadProgress,
} from './http-transport';

/**
 * For calls that move a whole file (upload and download, up to 25 MB): on a slow link these take
 * far longer than the API_TIMEOUT_MS every other call gets (SPEC §9).
 */
export const FILE_TRANSFER_TIMEOUT_MS = 5 * 60_000;

/** What a caller may add to a call. */
export interface RequestOptions {
  params?: object | undefined;
  headers?: Record<string, string> | undefined;
  timeout?: number | undefined;
  signal?: AbortSignal | undefined;
  responseType?: ResponseType | undefined;
  onUploadProgress?: ((event: UploadProgress) => void) | undefined;
}

interface CallConfig extends RequestOptions {
  /** GET when left out. */
  method?: string;
  url: string;
  data?: unknown;
}

let transport: Transport = browserTransport;
let refreshing: Promise<string> | null = null;
let logoutTimer: ReturnType<typeof setTimeout> | null = null;

/** Test hook: the network under the client (test/fake-api.ts); without an argument, the browser's. */
export function setTransport(next: Transport = browserTransport): void {
  transport = next;
}

function browserTimeZone(): string | undefined {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone;
  } catch {
    return undefined;
  }
}

function httpRequest(config: CallConfig, token: string | null): HttpRequest {
  const headers: Record<string, string> = { Accept: 'application/json', ...config.headers };
  if (token && !('Authorization' in headers)) headers.Authorization = `Bearer ${token}`;
  headers['Accept-Language'] = requestLanguage();
  // The reader's zone, for dates the server writes (a forward's header block, statistics by day).
  const zone = browserTimeZone();
  if (zone) headers[TIME_ZONE_HEADER] = zone;
  const data = config.data;
  return {
    method: config.method ?? 'GET',
    url: config.url,
    baseURL: API_BASE_PATH,
    // Any object of query values: the callers' param interfaces have no index signature.
    params: config.params as Record<string, unknown> | undefined,
    data: data === undefined || data instanceof FormData ? data : JSON.stringify(data),
    headers,
    timeout: config.timeout ?? API_TIMEOUT_MS,
    signal: config.signal,
    responseType: config.responseType ?? 'json',
    onUploadProgress: config.onUploadProgress,
  };
}

/** Data of an envelope {success, data, message}; a body without one is returned as is. */
export function unwrapEnvelope<T>(response: HttpResponse): T {
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
  if (error instanceof TransportError && error.kind === 'timeout') return timeoutError();
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

async function send<T>(config: CallConfig, token: string | null): Promise<T> {
  const response = await transport(httpRequest(config, token));
  if (response.status < 200 || response.status >= 300)
    throw errorFromResponse(response.status, response.data);
  return unwrapEnvelope<T>(response);
}

function canRefresh(error: ApiError, config: CallConfig): boolean {
  return error.status === 401 && !config.url.includes('/auth/');
}

/**
 * Sends a call under /api/v1 and resolves with the envelope's data. A 401 outside /auth/ is
 * retried once with a refreshed token; if that cannot happen, the session ends after 100 ms.
 */
export async function apiRequest<T>(config: CallConfig): Promise<T> {
  const session = currentSession();
  const sentWith = session.getAccessToken();
  try {
    return await send<T>(config, sentWith);
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
  get: <T>(url: string, config?: RequestOptions) => apiRequest<T>({ ...config, url, method: 'GET' }),
  delete: <T>(url: string, config?: RequestOptions) => apiRequest<T>({ ...config, url, method: 'DELETE' }),
  post: <T>(url: string, data?: unknown, config?: RequestOptions) =>
    apiRequest<T>({ ...config, url, data, method: 'POST' }),
  put: <T>(url: string, data?: unknown, config?: RequestOptions) =>
    apiRequest<T>({ ...config, url, data, method: 'PUT' }),
  patch: <T>(url: string, data?: unknown, config?: RequestOptions) =>
    apiRequest<T>({ ...config, url, data, method: 'PATCH' }),
};

/** Test hook: forget pending refresh and logout state between cases. */
export function resetApiClientState(): void {
  refreshing = null;
  if (logoutTimer) clearTimeout(logoutTimer);
  logoutTimer = null;
  resetApiSession();
}
