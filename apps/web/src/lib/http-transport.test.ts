import { afterEach, describe, expect, it, vi } from 'vitest';
import { browserTransport, requestUrl, TransportError, type HttpRequest } from './http-transport';

function request(overrides: Partial<HttpRequest> = {}): HttpRequest {
  return {
    method: 'GET',
    url: '/messages',
    baseURL: '/api/v1',
    headers: { Accept: 'application/json' },
    timeout: 10_000,
    responseType: 'json',
    ...overrides,
  };
}

afterEach(() => vi.unstubAllGlobals());

describe('the browser transport', () => {
  it('builds the query without empty values and repeats arrays', () => {
    expect(
      requestUrl(request({ params: { page: 0, q: '회의 from:a', none: undefined, no: null, id: [1, 2] } })),
    ).toBe('/api/v1/messages?page=0&q=%ED%9A%8C%EC%9D%98+from%3Aa&id=1&id=2');
  });

  it('sends JSON without cookies and reads the JSON answer', async () => {
    const fetchMock = vi.fn(async () => new Response('{"success":true,"data":1}', { status: 200 }));
    vi.stubGlobal('fetch', fetchMock);
    const answer = await browserTransport(request({ method: 'POST', data: '{"a":1}' }));
    expect(answer).toEqual({ status: 200, data: { success: true, data: 1 } });
    const [, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(init.credentials).toBe('omit');
    expect(init.headers).toMatchObject({ 'Content-Type': 'application/json' });
  });

  it('reads an error answer to a blob call as its JSON envelope', async () => {
    vi.stubGlobal(
      'fetch',
      async () => new Response('{"success":false,"code":"MAIL_NOT_FOUND"}', { status: 404 }),
    );
    const answer = await browserTransport(request({ responseType: 'blob' }));
    expect(answer).toEqual({ status: 404, data: { success: false, code: 'MAIL_NOT_FOUND' } });
  });

  it('tells a timeout from a network failure', async () => {
    vi.stubGlobal(
      'fetch',
      (_url: string, init: RequestInit) =>
        new Promise((_resolve, reject) =>
          init.signal?.addEventListener('abort', () => reject(new DOMException('x', 'AbortError'))),
        ),
    );
    await expect(browserTransport(request({ timeout: 20 }))).rejects.toEqual(new TransportError('timeout'));
    vi.stubGlobal('fetch', async () => {
      throw new TypeError('Failed to fetch');
    });
    await expect(browserTransport(request())).rejects.toMatchObject({ kind: 'network' });
  });
});
