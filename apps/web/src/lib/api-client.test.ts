import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { serveApi, type Handler, type Reply, type SeenRequest } from '@/test/fake-api';
import { apiRequest, api, resetApiClientState } from './api-client';
import { setSessionAdapter, subscribeApiEvents, type ApiEvent, type SessionAdapter } from './api-session';
import { ApiError } from './api-error';
import type { HttpRequest } from './http-transport';

let seen: SeenRequest[] = [];

function serve(handler: Handler): void {
  seen = serveApi(handler);
}

function bearerOf(config: HttpRequest): string | undefined {
  return config.headers.Authorization;
}

function fakeSession(initial: { access: string | null; refresh: string | null }) {
  const state = { ...initial };
  const adapter: SessionAdapter & { state: typeof state } = {
    state,
    getAccessToken: () => state.access,
    getRefreshToken: () => state.refresh,
    refreshTokens: vi.fn(async (refreshToken: string) => {
      await new Promise((resolve) => setTimeout(resolve, 10));
      if (refreshToken !== 'refresh-1') throw new ApiError({ message: 'no', status: 401, kind: 'http' });
      return { accessToken: 'access-2', refreshToken: 'refresh-2' };
    }),
    saveTokens: vi.fn((tokens) => {
      state.access = tokens.accessToken;
      state.refresh = tokens.refreshToken;
    }),
    clearSession: vi.fn(() => {
      state.access = null;
      state.refresh = null;
    }),
  };
  setSessionAdapter(adapter);
  return adapter;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

beforeEach(() => {
  seen = [];
  document.documentElement.lang = 'ko';
});

afterEach(() => resetApiClientState());

describe('api client', () => {
  it('sends JSON to /api/v1 with the bearer token and language, and unwraps data', async () => {
    fakeSession({ access: 'access-1', refresh: 'refresh-1' });
    document.documentElement.lang = 'en';
    serve(() => ({ status: 200, data: { success: true, data: { id: 7 }, message: null } }));

    await expect(api.get('/mailboxes')).resolves.toEqual({ id: 7 });

    const config = seen[0]?.config;
    expect(config?.baseURL).toBe('/api/v1');
    expect(config?.timeout).toBe(10_000);
    expect(config && bearerOf(config)).toBe('Bearer access-1');
    expect(config?.headers['Accept-Language']).toBe('en');
    // The reader's zone, for dates the server writes in it (issue 34).
    expect(config?.headers['X-Time-Zone']).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone);
  });

  it('returns a body without an envelope as it is', async () => {
    serve(() => ({ status: 200, data: [1, 2, 3] }));
    await expect(api.get('/health')).resolves.toEqual([1, 2, 3]);
  });

  it('throws the envelope message and code when success is false', async () => {
    serve(() => ({
      status: 200,
      data: { success: false, message: '메일을 찾을 수 없습니다.', code: 'MAIL_NOT_FOUND' },
    }));
    const error = await api.get('/messages/1').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      message: '메일을 찾을 수 없습니다.',
      code: 'MAIL_NOT_FOUND',
      kind: 'envelope',
    });
  });

  it('refreshes once on a 401 and retries with the new token; parallel calls share the refresh', async () => {
    const session = fakeSession({ access: 'access-1', refresh: 'refresh-1' });
    serve((config) =>
      bearerOf(config) === 'Bearer access-2'
        ? { status: 200, data: { success: true, data: config.url } }
        : { status: 401, data: { success: false, message: 'expired', code: 'TOKEN_EXPIRED' } },
    );

    const results = await Promise.all([api.get('/mailboxes'), api.get('/messages'), api.get('/filters')]);

    expect(results).toEqual(['/mailboxes', '/messages', '/filters']);
    expect(session.refreshTokens).toHaveBeenCalledTimes(1);
    expect(session.refreshTokens).toHaveBeenCalledWith('refresh-1');
    expect(session.state).toEqual({ access: 'access-2', refresh: 'refresh-2' });
    expect(session.clearSession).not.toHaveBeenCalled();
  });

  it('does not refresh a second time when the retried call is refused again', async () => {
    const session = fakeSession({ access: 'access-1', refresh: 'refresh-1' });
    serve(() => ({ status: 401, data: { success: false, message: 'nope', code: 'ACCESS_DENIED' } }));

    await expect(api.get('/messages')).rejects.toMatchObject({ status: 401, message: 'nope' });
    expect(session.refreshTokens).toHaveBeenCalledTimes(1);
    expect(seen).toHaveLength(2);
  });

  it('never refreshes for calls under /auth/', async () => {
    const session = fakeSession({ access: 'access-1', refresh: 'refresh-1' });
    serve(() => ({ status: 401, data: {} }));

    await expect(api.get('/auth/me')).rejects.toMatchObject({ status: 401 });
    expect(session.refreshTokens).not.toHaveBeenCalled();
    expect(seen).toHaveLength(1);
  });

  it('ends the session 100 ms after a failed refresh and reports it once', async () => {
    const session = fakeSession({ access: 'access-1', refresh: 'stale' });
    const events: ApiEvent[] = [];
    subscribeApiEvents((event) => events.push(event));
    serve(() => ({ status: 401, data: { success: false, message: 'expired', code: 'TOKEN_EXPIRED' } }));

    const failures = await Promise.allSettled([api.get('/messages'), api.get('/mailboxes')]);

    expect(failures.map((f) => f.status)).toEqual(['rejected', 'rejected']);
    expect(session.clearSession).not.toHaveBeenCalled();
    expect(events).toEqual([]);
    await sleep(150);
    expect(session.clearSession).toHaveBeenCalledTimes(1);
    expect(events).toEqual([{ type: 'session-expired' }]);
  });

  it('reports server errors (5xx) for a toast but not client errors', async () => {
    const events: ApiEvent[] = [];
    subscribeApiEvents((event) => events.push(event));
    serve((config) => ({ status: config.url === '/boom' ? 503 : 404, data: {} }));

    await expect(api.get('/boom')).rejects.toMatchObject({ status: 503 });
    await expect(api.get('/missing')).rejects.toMatchObject({ status: 404 });

    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      type: 'server-error',
      error: { status: 503, message: '서비스를 일시적으로 사용할 수 없습니다.' },
    });
  });
});

describe('error messages (SPEC §8)', () => {
  const failWith = async (reply: Reply) => {
    serve(() => reply);
    return (await apiRequest({ url: '/x' }).catch((e: unknown) => e)) as ApiError;
  };

  it('prefers the response message, then its error field, then the status text', async () => {
    expect(
      (await failWith({ status: 409, data: { message: '이미 있는 필터입니다.', error: 'Conflict' } }))
        .message,
    ).toBe('이미 있는 필터입니다.');
    expect((await failWith({ status: 409, data: { error: 'Conflict' } })).message).toBe('Conflict');
    expect((await failWith({ status: 409, data: {} })).message).toBe('중복된 요청입니다.');
    expect((await failWith({ status: 429 })).message).toBe(
      '요청이 너무 많습니다. 잠시 후 다시 시도해 주세요.',
    );
    expect((await failWith({ status: 502, data: '' })).message).toBe('서버에 연결할 수 없습니다.');
  });

  it('reads the message of a refused download (the transport reads its answer as JSON)', async () => {
    serve(() => ({
      status: 404,
      data: { success: false, message: '이 메일의 원본은 보관되어 있지 않습니다.' },
    }));
    const error = (await api
      .get('/messages/1/original', { responseType: 'blob' })
      .catch((e: unknown) => e)) as ApiError;
    expect(error.status).toBe(404);
    expect(error.message).toBe('이 메일의 원본은 보관되어 있지 않습니다.');
  });

  it('names the code of a status without its own text', async () => {
    expect((await failWith({ status: 418, data: {} })).message).toBe('오류가 발생했습니다. (코드: 418)');
  });

  it('explains timeouts and network failures', async () => {
    expect(await failWith('timeout')).toMatchObject({
      kind: 'timeout',
      message: '요청 시간이 초과되었습니다.',
    });
    expect(await failWith('network')).toMatchObject({
      kind: 'network',
      message: '네트워크 연결을 확인해 주세요.',
    });
  });

  it('keeps the code and the field errors of a validation answer', async () => {
    const error = await failWith({
      status: 400,
      data: {
        success: false,
        message: '입력값이 올바르지 않습니다.',
        code: 'VALIDATION_ERROR',
        errors: [{ field: 'email', message: '이메일 형식이 아닙니다.' }],
      },
    });
    expect(error).toMatchObject({ status: 400, code: 'VALIDATION_ERROR' });
    expect(error.fieldErrors).toEqual([{ field: 'email', message: '이메일 형식이 아닙니다.' }]);
  });
});
