import { AxiosError, AxiosHeaders, type AxiosAdapter, type InternalAxiosRequestConfig } from 'axios';
import { http } from '@/lib/api-client';

export type Reply = { status: number; data?: unknown } | 'timeout' | 'network';
export type Handler = (request: InternalAxiosRequestConfig) => Reply | Promise<Reply>;

export interface SeenRequest {
  method: string;
  url: string;
  params: unknown;
  body: unknown;
  authorization: string | undefined;
  config: InternalAxiosRequestConfig;
}

/**
 * Replaces the network under the real API client: every request is recorded and answered by the
 * handler, so tests exercise the same client code the app runs.
 */
export function serveApi(handler: Handler): SeenRequest[] {
  const seen: SeenRequest[] = [];
  const adapter: AxiosAdapter = async (config) => {
    const headers = AxiosHeaders.from(config.headers);
    seen.push({
      method: (config.method ?? 'get').toUpperCase(),
      url: config.url ?? '',
      params: config.params,
      body: typeof config.data === 'string' ? JSON.parse(config.data) : config.data,
      authorization: headers.get('Authorization')?.toString(),
      config,
    });
    const reply = await handler(config);
    if (reply === 'timeout') throw new AxiosError('timeout', 'ECONNABORTED', config);
    if (reply === 'network') throw new AxiosError('Network Error', 'ERR_NETWORK', config);
    const response = {
      data: reply.data,
      status: reply.status,
      statusText: String(reply.status),
      headers: new AxiosHeaders(),
      config,
    };
    if (reply.status >= 400) throw new AxiosError('failed', 'ERR_BAD_RESPONSE', config, null, response);
    return response;
  };
  http.defaults.adapter = adapter;
  return seen;
}

export const ok = (data: unknown): Reply => ({ status: 200, data: { success: true, data, message: null } });

export const fail = (status: number, code: string, message: string): Reply => ({
  status,
  data: { success: false, code, message },
});
