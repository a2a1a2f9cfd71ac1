import { setTransport } from '@/lib/api-client';
import { TransportError, type HttpRequest } from '@/lib/http-transport';

export type Reply = { status: number; data?: unknown } | 'timeout' | 'network';
export type Handler = (request: HttpRequest) => Reply | Promise<Reply>;

export interface SeenRequest {
  method: string;
  url: string;
  params: unknown;
  body: unknown;
  authorization: string | undefined;
  config: HttpRequest;
}

/**
 * Replaces the network under the real API client: every request is recorded and answered by the
 * handler, so tests exercise the same client code the app runs.
 */
export function serveApi(handler: Handler): SeenRequest[] {
  const seen: SeenRequest[] = [];
  setTransport(async (request) => {
    seen.push({
      method: request.method,
      url: request.url,
      params: request.params,
      body: typeof request.data === 'string' ? JSON.parse(request.data) : request.data,
      authorization: request.headers.Authorization,
      config: request,
    });
    const reply = await handler(request);
    if (reply === 'timeout') throw new TransportError('timeout');
    if (reply === 'network') throw new TransportError('network');
    return { status: reply.status, data: reply.data };
  });
  return seen;
}

export const ok = (data: unknown): Reply => ({ status: 200, data: { success: true, data, message: null } });

export const fail = (status: number, code: string, message: string): Reply => ({
  status,
  data: { success: false, code, message },
});
