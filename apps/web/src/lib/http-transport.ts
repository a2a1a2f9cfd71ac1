/*
 * The API client's wire: one request in, status and body out. Written by hand on the browser's own
 * fetch (and XMLHttpRequest for uploads, the only API that reports upload progress over HTTP/1.1)
 * because axios and ky weigh 14 kB and 4 kB of gzip on every signed-in page for what these 100
 * lines do (issue 17). Tests swap the transport (test/fake-api.ts) and keep the client above it.
 */

export type ResponseType = 'json' | 'text' | 'blob';

export interface UploadProgress {
  loaded: number;
  total?: number | undefined;
}

export interface HttpRequest {
  /** Upper case: GET, POST, PUT, PATCH, DELETE. */
  method: string;
  /** Path under baseURL, e.g. /messages/7. */
  url: string;
  baseURL: string;
  params?: Record<string, unknown> | undefined;
  /** A JSON text, a FormData, or nothing. */
  data?: string | FormData | undefined;
  headers: Record<string, string>;
  timeout: number;
  signal?: AbortSignal | undefined;
  responseType: ResponseType;
  onUploadProgress?: ((event: UploadProgress) => void) | undefined;
}

export interface HttpResponse {
  status: number;
  data: unknown;
}

/** A call that got no answer: the network failed or the deadline passed. */
export class TransportError extends Error {
  constructor(readonly kind: 'network' | 'timeout' | 'aborted') {
    super(kind);
  }
}

export type Transport = (request: HttpRequest) => Promise<HttpResponse>;

/** baseURL + url + the query, leaving out undefined and null values as axios did. */
export function requestUrl(request: Pick<HttpRequest, 'baseURL' | 'url' | 'params'>): string {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(request.params ?? {})) {
    if (value === undefined || value === null) continue;
    for (const item of Array.isArray(value) ? value : [value]) query.append(key, String(item));
  }
  const text = query.toString();
  return `${request.baseURL}${request.url}${text ? `${request.url.includes('?') ? '&' : '?'}${text}` : ''}`;
}

/** An error answer to a blob or text call still carries the JSON envelope: read it as JSON. */
async function readBody(response: Response, type: ResponseType): Promise<unknown> {
  const wantsJson = type === 'json' || !response.ok;
  if (!wantsJson) return type === 'blob' ? response.blob() : response.text();
  const text = await response.text();
  if (text === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

function withDeadline(request: HttpRequest): { signal: AbortSignal; timedOut: () => boolean } {
  const deadline = AbortSignal.timeout(request.timeout);
  const signal = request.signal ? AbortSignal.any([request.signal, deadline]) : deadline;
  return { signal, timedOut: () => deadline.aborted && !request.signal?.aborted };
}

async function fetchTransport(request: HttpRequest): Promise<HttpResponse> {
  const { signal, timedOut } = withDeadline(request);
  let response: Response;
  try {
    response = await fetch(requestUrl(request), {
      method: request.method,
      headers: request.data instanceof FormData ? request.headers : jsonHeaders(request),
      body: request.data ?? null,
      credentials: 'omit',
      signal,
    });
    return { status: response.status, data: await readBody(response, request.responseType) };
  } catch (error) {
    if (timedOut()) throw new TransportError('timeout');
    if (request.signal?.aborted) throw new TransportError('aborted');
    throw error instanceof TransportError ? error : new TransportError('network');
  }
}

function jsonHeaders(request: HttpRequest): Record<string, string> {
  return request.data === undefined
    ? request.headers
    : { 'Content-Type': 'application/json', ...request.headers };
}

function xhrTransport(request: HttpRequest): Promise<HttpResponse> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(request.method, requestUrl(request));
    xhr.timeout = request.timeout;
    xhr.responseType = 'text';
    for (const [name, value] of Object.entries(request.headers)) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (event) =>
      request.onUploadProgress?.({
        loaded: event.loaded,
        total: event.lengthComputable ? event.total : undefined,
      });
    xhr.onload = () => {
      let data: unknown = xhr.responseText === '' ? undefined : xhr.responseText;
      try {
        data = JSON.parse(xhr.responseText) as unknown;
      } catch {
        // Not JSON: keep the text.
      }
      resolve({ status: xhr.status, data });
    };
    xhr.onerror = () => reject(new TransportError('network'));
    xhr.ontimeout = () => reject(new TransportError('timeout'));
    xhr.onabort = () => reject(new TransportError('aborted'));
    request.signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(request.data ?? null);
  });
}

/** fetch for every call; XMLHttpRequest when the caller wants upload progress. */
export const browserTransport: Transport = (request) =>
  request.onUploadProgress ? xhrTransport(request) : fetchTransport(request);
